import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { theme, Tooltip } from 'antd';

/** A block of at most N lines (-webkit-line-clamp, in every browser), never wider than its cell. */
const CLAMP: CSSProperties = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  maxWidth: '100%',
};

interface Props {
  /** The whole text: what the tooltip shows when the cell cuts it. */
  text: string;
  /** Lines shown before the ellipsis (1 for codes and secondary lines, 2 for names). */
  rows?: 1 | 2;
  /** A detail under a name: small, in the secondary text colour. */
  secondary?: boolean;
  /** What is shown (a link, bold text…); the text itself by default. */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * Text in a table cell of the 1200 px layout: at most `rows` lines, cut with an ellipsis, the whole
 * text in a tooltip when (and only when) it was cut — on hover and on keyboard focus of a link in it.
 * Long words (e-mails, slugs) break instead of widening the column.
 */
export function CellText({ text, rows = 1, secondary, children, className, style, 'data-testid': testId }: Props) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    const el = ref.current;
    setOpen(!!el && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1));
  };
  const hide = () => setOpen(false);
  return (
    <Tooltip title={text} open={open} placement="topLeft">
      <span
        ref={ref}
        className={className}
        style={{
          ...CLAMP,
          WebkitLineClamp: rows,
          ...(secondary ? { fontSize: 12, color: token.colorTextDescription } : {}),
          ...style,
        }}
        data-cell-text={rows}
        data-testid={testId}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        {children ?? text}
      </span>
    </Tooltip>
  );
}
