import { useId } from 'react';

/**
 * A Form's name that is unique in the page, for a form that may be drawn more than once (a dialog
 * of each table row): antd prefixes its fields' ids with the form's name, so two forms never share
 * an id and each label focuses its own field. A form drawn once takes a plain name (`name="login"`).
 */
export function useFormName(base: string): string {
  return `${base}${useId().replace(/[^\w-]/g, '')}`;
}
