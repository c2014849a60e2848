import { Navigate } from 'react-router-dom';

/** The console opens on its first screen. */
export default function ConsoleHome() {
  return <Navigate to="/admin/users" replace />;
}
