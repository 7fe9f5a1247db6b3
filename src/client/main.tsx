import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree, so a slow phone stays responsive while it starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker keeps the app's code on the device (app/service-worker/register.ts). Its
// code and its first download of the app's files wait until the page has loaded and the main
// thread is idle, so they never compete with the first screen. Development serves files as
// they change and has no worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('@/app/service-worker/register').then((m) => m.registerServiceWorker());
  window.addEventListener('load', () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000)), { once: true });
}
