import { mountDiary } from './app';

// Temporary entry (diary-web): diary-pwa's main.tsx replaces this one at merge.
mountDiary(document.getElementById('diary-root')!);
