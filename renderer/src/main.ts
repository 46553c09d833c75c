import { mount } from 'svelte';
import App from './app.svelte';
import './styles/tokens.css';
import './styles/theme.css';
import './styles/controls.css';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app element.');
mount(App, { target });
