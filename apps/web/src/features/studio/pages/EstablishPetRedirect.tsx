import { Navigate, useLocation } from 'react-router-dom';

/** /establishPet (spec 000's name for pet creation) leads to /pet/establish with the same query. */
export default function EstablishPetRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/pet/establish${search}`} replace />;
}
