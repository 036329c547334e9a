import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import type { CategoryNode } from '../categories';
import { newsHref } from '../route';

function Branch({ nodes, current }: { nodes: CategoryNode[]; current: number | null }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.category.id}>
          <a
            href={newsHref({ categoryId: node.category.id })}
            aria-current={node.category.id === current ? 'page' : undefined}
            data-testid="category-link"
          >
            <span>{node.category.name}</span>
            <span className="count">{node.count}</span>
          </a>
          {node.children.length > 0 && <Branch nodes={node.children} current={current} />}
        </li>
      ))}
    </ul>
  );
}

function Tree({ tree, current }: { tree: CategoryNode[]; current: number | null }) {
  return (
    <div className="tree">
      <a href={newsHref()} aria-current={current === null ? 'page' : undefined} data-testid="category-all">
        {t('allPosts')}
      </a>
      <Branch nodes={tree} current={current} />
    </div>
  );
}

/**
 * The category tree: a sidebar on wide screens; on a phone a button opens it in a drawer (a modal
 * dialog: Escape or the backdrop closes it, focus goes in and comes back).
 */
export function CategoryNav({ tree, current }: { tree: CategoryNode[]; current: number | null }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <>
      <aside className="sidebar" aria-label={t('categoriesNav')} data-testid="category-sidebar">
        <h2 className="sidebar-title">{t('categories')}</h2>
        <Tree tree={tree} current={current} />
      </aside>
      <button
        ref={opener}
        type="button"
        className="button button-ghost drawer-open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="category-drawer-open"
      >
        ☰ {t('openCategories')}
      </button>
      <dialog
        ref={dialog}
        className="drawer"
        aria-label={t('categoriesNav')}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog itself, outside its panel) closes it; so does a choice.
          if (e.target === e.currentTarget || (e.target as Element).closest('a')) setOpen(false);
        }}
        data-testid="category-drawer"
      >
        <div className="drawer-panel">
          <div className="drawer-head">
            <h2 className="sidebar-title">{t('categories')}</h2>
            <button type="button" className="icon-button" aria-label={t('close')} onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          <Tree tree={tree} current={current} />
        </div>
      </dialog>
    </>
  );
}
