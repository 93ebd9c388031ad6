import '@/styles/index.css';
import { App, prepareApp } from '@/app/app';
import { mountApp } from '@/app/mount';

// Should a part fail, the app makes them in its first render, where the failure shows as before.
void prepareApp().then(
  (parts) => mountApp(<App parts={parts} />),
  () => mountApp(),
);
