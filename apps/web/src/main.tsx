import '@/styles/index.css';
import { mountApp } from '@/app/mount';

mountApp();
