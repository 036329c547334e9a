import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

export interface RichTextEditorProps {
  /** The HTML ('' when empty): an antd Form item's value. */
  value?: string;
  /** Called with the new HTML ('' when the editor is empty). */
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** The wrapper's data-testid; the editable area is `${testId}-content`. */
  testId?: string;
  /** Set by antd's Form.Item: the field's label points at the editable area. */
  id?: string;
  /** Height of the editable area before it grows. */
  minHeight?: number;
  /** The editable area's accessible name (default: "Nội dung"). */
  ariaLabel?: string;
}

// Tiptap and ProseMirror load with the first page that shows an editor, never with the app.
const Core = lazy(() => import('./rich-text-editor-core').then((m) => ({ default: m.RichTextEditorCore })));

/**
 * Rich text editor (Tiptap) for posts, FAQ answers and page views; a drop-in antd Form item
 * (value/onChange as HTML). The server cleans what it receives with an allow-list; the editor
 * only offers what that list keeps (headings, marks, lists, quotes, links, images, tables).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div data-testid={`${props.testId ?? 'rich-text'}-loading`}>
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      }
    >
      <Core {...props} />
    </Suspense>
  );
}
