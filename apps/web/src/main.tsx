import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './app/mantine-critical.css';
import './app/global.css';
import { boot } from './boot.tsx';

boot();
