// Inter as one variable font (all weights in one file per script) instead of a file per weight.
import '@fontsource-variable/inter/wght.css';
import './app/mantine-critical.css';
import './app/global.css';
import { boot } from './boot.tsx';

boot();
