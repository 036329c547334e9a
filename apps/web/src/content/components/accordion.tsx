import { useId, useRef, useState, type KeyboardEvent } from 'react';

export interface AccordionItem {
  id: number;
  question: string;
  /** HTML cleaned by the server's allow-list. */
  answer: string;
}

/**
 * An accordion as the WAI-ARIA pattern has it: each question is a button in a heading, with
 * aria-expanded and aria-controls; its answer a labelled region. Enter and Space toggle (a
 * button's own keys); ↑ ↓ Home End move between the questions.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const uid = useId();
  const list = useRef<HTMLDivElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button.accordion-button') ?? [])];
    const at = buttons.indexOf(e.currentTarget);
    const to =
      e.key === 'ArrowDown'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowUp'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <div className="accordion" ref={list}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const button = `${uid}-q-${item.id}`;
        const panel = `${uid}-a-${item.id}`;
        return (
          <div className="accordion-item" key={item.id} data-testid="faq-item">
            <Heading className="accordion-heading">
              <button
                type="button"
                id={button}
                className="accordion-button"
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => toggle(item.id)}
                onKeyDown={onKeyDown}
                data-testid="faq-question"
              >
                <span>{item.question}</span>
                <span className="chevron" aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panel}
              role="region"
              aria-labelledby={button}
              className="accordion-panel prose"
              hidden={!expanded}
              data-testid="faq-answer"
              // The answer is rich text cleaned by the server's allow-list (never trusted from the editor).
              dangerouslySetInnerHTML={{ __html: item.answer }}
            />
          </div>
        );
      })}
    </div>
  );
}
