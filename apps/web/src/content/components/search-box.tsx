import { useEffect, useId, useState } from 'react';
import { t } from '../i18n';
import { navigate } from '../navigation';

/**
 * A search form (role search): the query goes into the URL (`?q=`), so a search is a page one can
 * share and go back from. The server ignores accents: "truy xuat" finds "truy xuất".
 */
export function SearchBox({
  q,
  label,
  placeholder,
  href,
  testId,
}: {
  q: string;
  label: string;
  placeholder: string;
  href: (q: string) => string;
  testId: string;
}) {
  const [value, setValue] = useState(q);
  const id = useId();
  useEffect(() => setValue(q), [q]);
  return (
    <form
      noValidate
      role="search"
      className="search"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(href(value), { keepScroll: true });
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => setValue(e.target.value)}
        data-testid={testId}
      />
      <button type="submit" className="button">
        {t('search')}
      </button>
    </form>
  );
}
