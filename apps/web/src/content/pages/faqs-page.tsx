import { fetchFaqs, type PublicFaq } from '../api';
import { t } from '../i18n';
import { faqsHref } from '../route';
import { useLoad } from '../use-load';
import { Accordion } from '../components/accordion';
import { ContactForm } from '../components/contact-form';
import { SearchBox } from '../components/search-box';
import { Empty, LoadError, Loading } from '../components/states';
import { usePageTitle } from './page-title';

/** The FAQs of `groups` in that order, each group's by position (the server's order kept). */
export function groupFaqs(faqs: readonly PublicFaq[], groups: readonly string[]) {
  const names = [...groups, ...faqs.map((f) => f.group).filter((g) => !groups.includes(g))];
  return [...new Set(names)]
    .map((group) => ({ group, items: faqs.filter((f) => f.group === group) }))
    .filter((g) => g.items.length > 0);
}

/** /faqs: questions in groups, an accordion, search without accents, then the contact form. */
export function FaqsPage({ q }: { q: string }) {
  const { state, stale, retry } = useLoad(`faqs:${q}`, (signal) => fetchFaqs(q, signal));
  usePageTitle(t('faqs'));
  const shown = state.kind === 'ok' ? state.value : stale;
  const groups = shown ? groupFaqs(shown.faqs, shown.groups) : [];

  return (
    <div className="faq-layout">
      <h1>{t('faqs')}</h1>
      <SearchBox
        q={q}
        label={t('searchFaqs')}
        placeholder={t('searchFaqsPlaceholder')}
        href={faqsHref}
        testId="faq-search"
      />
      <div aria-busy={state.kind === 'loading'} data-testid="faq-list">
        {state.kind === 'error' && <LoadError message={state.message} retry={retry} />}
        {state.kind === 'notFound' && <Empty text={t('noFaqs')} testId="faq-empty" />}
        {state.kind === 'loading' && !shown && <Loading />}
        {shown && groups.length === 0 && <Empty text={q ? t('noFaqResults', { q }) : t('noFaqs')} testId="faq-empty" />}
        {groups.map(({ group, items }) => (
          <section key={group} className="faq-group" data-testid="faq-group">
            <h2>{group}</h2>
            <Accordion items={items} />
          </section>
        ))}
      </div>
      <ContactForm />
    </div>
  );
}
