import { mount } from 'svelte';
import App from './app.svelte';
// The interface font, self-hosted (font-src 'self'): Inter's variable weights, each script's
// subset fetched only when a page shows it.
import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/theme.css';
import './styles/controls.css';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app element.');
mount(App, { target });
// Videos and animated PNGs are decoded by a Worker of this window (WebCodecs), loaded after the first paint.
void import('./lib/motion-client').then(({ startMotionDecoding }) => startMotionDecoding());
