import { LANGUAGE_COOKIE_NAME } from '@agrihub/contract/constants';
import { effectiveLocale } from '@agrihub/contract/platforms';
import { detectLocale, readCookie } from '../light/i18n';
import { applyPlatformLook, platform } from '../light/platform';
import '../light/base.css';
import { mountDiary } from './app';
import { registerServiceWorker } from './service-worker';

/**
 * Entry of the producers' field diary (diary.html, /diary and /diary/*): a light entry on Preact
 * (vite.config.ts), no antd, redux or admin code, installable and usable offline (issue 28). The
 * page's language as on the other light pages: the app's language cookie when the platform offers
 * it, else the browser's; the platform's colours and icons from the host.
 */
document.documentElement.lang = effectiveLocale(
  platform.key,
  readCookie(LANGUAGE_COOKIE_NAME) ?? detectLocale(undefined, platform.locales),
);
applyPlatformLook();
mountDiary(document.getElementById('diary-root')!);
registerServiceWorker();
