import { useId, useRef, useState, type ReactNode } from 'react';
import {
  CLIENT_MESSAGE_BODY_MAX,
  CLIENT_MESSAGE_COMPANY_MAX,
  CLIENT_MESSAGE_NAME_MAX,
  CLIENT_MESSAGE_TOPICS,
} from '@agrihub/contract/constants';
import { sendMessage } from '../api';
import {
  CONTACT_FIELDS,
  emptyContact,
  serverErrors,
  toInput,
  type ClientMessageTopic,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from '../contact-values';
import { contactText, messageText, t } from '../i18n';
import { SECURITY_PATH } from '../route';

type TextField = Exclude<ContactField, 'consent' | 'topic'>;
type Check = typeof import('../contact-check');

/** The contract's check (zod), loaded once when a form is first used; null if it could not be loaded. */
let check: Promise<Check | null> | null = null;
function loadCheck(): Promise<Check | null> {
  check ??= import('../contact-check').catch(() => {
    check = null; // a later try loads it again
    return null;
  });
  return check;
}

/**
 * The contact form of the public pages (a lead, DESIGN §5.4) without antd: checked with the
 * contract's schema before sending; the server's field errors (422) show under their fields in the
 * reader's language; what was typed stays on any failure; a thank-you on success.
 */
export function ContactForm({ topic = 'service_advice' }: { topic?: ClientMessageTopic }) {
  const [values, setValues] = useState<ContactValues>(() => emptyContact(topic));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const checker = useRef<Check | null>(null);
  const uid = useId();
  const idOf = (field: string) => `${uid}-${field}`;

  const change = <K extends keyof ContactValues>(field: K, value: ContactValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field that showed a problem is checked again as it is corrected.
    if (field in errors && checker.current) {
      const again = checker.current.clientErrors(next, messageText)[field as ContactField];
      setErrors((prev) => ({ ...prev, [field]: again }));
    }
  };

  const focusFirst = (found: FieldErrors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
  };

  const submit = async () => {
    setFailure(null);
    setSending(true);
    // Without the check (it failed to load) the server's answer says what is wrong.
    checker.current = await loadCheck();
    const found = checker.current?.clientErrors(values, messageText) ?? {};
    setErrors(found);
    if (Object.keys(found).length) {
      setSending(false);
      return focusFirst(found);
    }
    const result = await sendMessage(toInput(values));
    setSending(false);
    if (result.ok) {
      setSent(result.message ?? contactText.sentTitle);
      return;
    }
    const { fields, other } = serverErrors(result.errors);
    setErrors(fields);
    setFailure([result.message ?? t('sendFailed'), ...other].join(' '));
    focusFirst(fields);
  };

  if (sent !== null) {
    return (
      <section className="card contact" aria-labelledby={idOf('title')} data-testid="contact-form">
        <div className="thanks" role="status" data-testid="contact-sent">
          <h2 id={idOf('title')}>{contactText.sentTitle}</h2>
          <p>{sent}</p>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setValues(emptyContact(topic));
              setSent(null);
            }}
          >
            {contactText.sendAnother}
          </button>
        </div>
      </section>
    );
  }

  const field = (name: TextField, label: string, input: (common: object) => ReactNode, required = false) => (
    <div className={errors[name] ? 'field invalid' : 'field'}>
      <label htmlFor={idOf(name)}>
        {label}
        {required && <abbr title={t('required')}> *</abbr>}
      </label>
      {input({
        id: idOf(name),
        name,
        value: values[name],
        required,
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': errors[name] ? idOf(`${name}-error`) : undefined,
        'data-testid': `contact-${name}`,
        onChange: (e: { target: { value: string } }) => change(name, e.target.value),
      })}
      {errors[name] && (
        <p className="field-error" id={idOf(`${name}-error`)} data-testid={`contact-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="card contact" aria-labelledby={idOf('title')} data-testid="contact-form">
      <h2 id={idOf('title')}>{contactText.title}</h2>
      {failure && (
        <p className="alert" role="alert" data-testid="contact-error">
          {failure}
        </p>
      )}
      <form
        ref={form}
        noValidate
        // The check is fetched while the visitor types, so sending does not wait for it.
        onFocus={() => void loadCheck()}
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending) void submit();
        }}
      >
        <div className="grid-2">
          {field(
            'name',
            contactText.fields.name,
            (p) => (
              <input {...p} type="text" autoComplete="name" maxLength={CLIENT_MESSAGE_NAME_MAX} />
            ),
            true,
          )}
          {field(
            'phone',
            contactText.fields.phone,
            (p) => (
              <input {...p} type="tel" autoComplete="tel" inputMode="tel" placeholder="0912 345 678" />
            ),
            true,
          )}
          {field('email', contactText.fields.email, (p) => (
            <input {...p} inputMode="email" autoComplete="email" />
          ))}
          {field('company', contactText.fields.company, (p) => (
            <input {...p} type="text" autoComplete="organization" maxLength={CLIENT_MESSAGE_COMPANY_MAX} />
          ))}
        </div>
        <div className={errors.topic ? 'field invalid' : 'field'}>
          <label htmlFor={idOf('topic')}>
            {contactText.fields.topic}
            <abbr title={t('required')}> *</abbr>
          </label>
          <select
            id={idOf('topic')}
            name="topic"
            value={values.topic}
            required
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errors.topic ? idOf('topic-error') : undefined}
            onChange={(e) => change('topic', e.target.value as ClientMessageTopic)}
            data-testid="contact-topic"
          >
            {CLIENT_MESSAGE_TOPICS.map((k) => (
              <option key={k} value={k}>
                {messageText(`topic_${k}`) ?? k}
              </option>
            ))}
          </select>
          {errors.topic && (
            <p className="field-error" id={idOf('topic-error')}>
              {errors.topic}
            </p>
          )}
        </div>
        {field(
          'message',
          contactText.fields.message,
          (p) => (
            <textarea {...p} rows={4} maxLength={CLIENT_MESSAGE_BODY_MAX} />
          ),
          true,
        )}
        {/* The honeypot: out of sight, out of the tab order and of screen readers; a person leaves it empty. */}
        <div className="honeypot" aria-hidden="true">
          <label>
            Website
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(e) => change('website', e.target.value)}
            />
          </label>
        </div>
        <div className={errors.consent ? 'field consent invalid' : 'field consent'}>
          <label className="check">
            <input
              id={idOf('consent')}
              type="checkbox"
              name="consent"
              checked={values.consent}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? idOf('consent-error') : undefined}
              onChange={(e) => change('consent', e.target.checked)}
              data-testid="contact-consent"
            />
            <span>
              {contactText.consent}{' '}
              <a href={SECURITY_PATH} target="_blank" rel="noopener">
                {contactText.consentLink}
              </a>
            </span>
          </label>
          {errors.consent && (
            <p className="field-error" id={idOf('consent-error')} data-testid="contact-consent-error">
              {errors.consent}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={sending} data-testid="contact-submit">
          {sending ? t('sending') : contactText.submit}
        </button>
      </form>
    </section>
  );
}
