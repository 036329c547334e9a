import './rich-text.css';

interface Props {
  /** HTML the server stored: already cleaned by its allow-list (never HTML straight from a user). */
  html: string;
  testId?: string;
}

/**
 * Stored rich text as readers see it (the back office's previews). The HTML comes from the API,
 * which cleans every rich-text field with an allow-list before storing it; the page's CSP runs no
 * inline script or event handler either way.
 */
export function RichTextView({ html, testId }: Props) {
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
