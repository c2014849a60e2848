import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './stores/app-store';
import './app/global.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
