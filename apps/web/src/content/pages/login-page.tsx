import { useEffect, useId, useRef, useState } from 'react';
import { EMAIL_PATTERN } from '@agrihub/contract/constants';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';
import { DEFAULT_PRIVATE_PATH, NEXT_PARAM, paths } from '../../config/paths';
import { safeNextPath } from '../../lib/next-path';
import { handOffLogin, storedLogin, takeSessionEnd } from '../../lib/session-handoff';
import { apiHeaders, serverMessage } from '../../light/http';
import { platform } from '../../light/platform';
import { locale, loginText, messageText, t } from '../i18n';
import { usePageTitle } from './page-title';

const AUTH_PAGES = [paths.login, paths.register, paths.forgotPassword, paths.reset];

type Field = 'username' | 'password';
type Errors = Partial<Record<Field, string>>;

/** The form's own checks, in the reader's language (the server checks again). */
export function loginErrors(username: string, password: string): Errors {
  const errors: Errors = {};
  if (!username.trim()) errors.username = messageText('pleaseInputEmail') ?? '';
  else if (!EMAIL_PATTERN.test(username.trim())) errors.username = messageText('invalidEmail') ?? '';
  if (!password) errors.password = loginText('passwordRequired');
  return errors;
}

/** An eye (password hidden: show it) or a crossed eye (shown: hide it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * The app's start-up files (listed by the server in `#app-files`), fetched at the lowest priority
 * once this page is drawn and the browser is idle, so the page after signing in opens from the
 * cache. Not when the visitor asked to save data.
 */
function prefetchApp(): void {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  const list = document.getElementById('app-files')?.textContent;
  if (saveData || !list) return;
  let files: unknown;
  try {
    files = JSON.parse(list);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.as = href.endsWith('.css') ? 'style' : 'script';
    // The app loads its modules in CORS mode (crossorigin): the same mode reuses the fetched copy.
    link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
}

type Answer = { ok: true; token: TokenResponse } | { ok: false; message: string };

/** POST /oauth/token (password grant), as the app's session API sends it. */
async function requestToken(username: string, password: string): Promise<Answer> {
  try {
    const res = await fetch('/oauth/token', {
      method: 'POST',
      headers: apiHeaders(locale, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    if (!res.ok) return { ok: false, message: (await serverMessage(res)) ?? t('loginFailed') };
    return { ok: true, token: (await res.json()) as TokenResponse };
  } catch {
    return { ok: false, message: t('loginFailed') };
  }
}

/**
 * The sign-in page, light (ADR 024): the first page most people open, drawn without the app's
 * framework. Email, password, "remember me"; the form's checks under each field; the server's
 * refusal (wrong password, locked, too many tries) as it says it. Signed in, the session is handed
 * to the app (lib/session-handoff.ts) and the page the visitor wanted opens; someone already
 * signed in goes there at once.
 */
export function LoginPage() {
  usePageTitle(loginText('title'));
  const next = safeNextPath(
    new URLSearchParams(window.location.search).get(NEXT_PARAM),
    DEFAULT_PRIVATE_PATH,
    AUTH_PAGES,
  );
  const [stored] = useState(storedLogin);
  const [notice] = useState(takeSessionEnd);
  const [username, setUsername] = useState(stored.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(stored.remember);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const uid = useId();
  const idOf = (name: string) => `${uid}-${name}`;

  useEffect(() => {
    if (stored.signedIn) window.location.replace(next);
  }, [stored.signedIn, next]);
  useEffect(() => {
    if (stored.signedIn) return;
    const idle = window.requestIdleCallback?.(prefetchApp, { timeout: 3000 });
    const timer = idle === undefined ? window.setTimeout(prefetchApp, 1500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, [stored.signedIn]);
  if (stored.signedIn) return null;

  const focus = (field: Field) => form.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(field))}`)?.focus();

  const submit = async () => {
    setFailure(null);
    const found = loginErrors(username, password);
    setErrors(found);
    if (found.username) return focus('username');
    if (found.password) return focus('password');
    setSending(true);
    const answer = await requestToken(username.trim(), password);
    if (answer.ok) {
      handOffLogin({ token: answer.token, remember, username: username.trim() });
      window.location.replace(next);
      return; // the button stays busy until the next page replaces this one
    }
    setSending(false);
    setFailure(answer.message);
    setPassword('');
    focus('password');
  };

  // A field that showed a problem is checked again as it is corrected.
  const recheck = (field: Field, u: string, p: string) => {
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: loginErrors(u, p)[field] }));
  };

  const describedBy = (field: Field) => (errors[field] ? idOf(`${field}-error`) : undefined);
  const fieldError = (field: Field) =>
    errors[field] && (
      <p className="field-error" id={idOf(`${field}-error`)} data-testid={`login-${field}-error`}>
        {errors[field]}
      </p>
    );

  return (
    <section className="card login-card" aria-labelledby={idOf('title')} data-testid="login-card">
      <h1 id={idOf('title')}>{loginText('title')}</h1>
      <p className="muted">{loginText('subtitle', { platform: platform.name })}</p>
      {notice && !failure && (
        <p className="notice" role="status" data-testid="login-notice">
          {notice}
        </p>
      )}
      {failure && (
        <p className="alert" role="alert" data-testid="login-error">
          {failure}
        </p>
      )}
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending) void submit();
        }}
      >
        <div className={errors.username ? 'field invalid' : 'field'}>
          <label htmlFor={idOf('username')}>{loginText('email')}</label>
          <input
            id={idOf('username')}
            name="username"
            inputMode="email"
            autoComplete="username"
            autoFocus
            placeholder={loginText('emailPlaceholder')}
            value={username}
            disabled={sending}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy('username')}
            data-testid="login-email"
            onChange={(e) => {
              setUsername(e.currentTarget.value);
              recheck('username', e.currentTarget.value, password);
            }}
          />
          {fieldError('username')}
        </div>
        <div className={errors.password ? 'field invalid' : 'field'}>
          <label htmlFor={idOf('password')}>{loginText('password')}</label>
          <div className="password">
            <input
              id={idOf('password')}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              disabled={sending}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy('password')}
              data-testid="login-password"
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                recheck('password', username, e.currentTarget.value);
              }}
            />
            <button
              type="button"
              className="password-toggle"
              aria-pressed={showPassword}
              aria-label={t(showPassword ? 'hidePassword' : 'showPassword')}
              onClick={() => setShowPassword((v) => !v)}
            >
              <EyeIcon crossed={showPassword} />
            </button>
          </div>
          {fieldError('password')}
        </div>
        <div className="login-row">
          <label className="check">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              disabled={sending}
              data-testid="remember-me"
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            {loginText('remember')}
          </label>
          <a href={paths.forgotPassword} data-testid="link-forgot-password">
            {loginText('forgot')}
          </a>
        </div>
        <button
          type="submit"
          className="button button-block"
          disabled={sending}
          aria-busy={sending}
          data-testid="login-submit"
        >
          {sending ? t('signingIn') : loginText('submit')}
        </button>
      </form>
      <p className="center">
        {loginText('noAccount')} {/* A visitor sent here on the way to a page signs up and still comes back to it. */}
        <a href={`${paths.register}${window.location.search}`} data-testid="link-register">
          {loginText('register')}
        </a>
      </p>
    </section>
  );
}
