import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Divider, Form, Input, Modal, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../lib/safe-url';
import { UploadButton } from './upload-button';
import type { RichTextEditorProps } from './rich-text-editor';
import './rich-text.css';

const ALIGNMENTS = ['left', 'center', 'right'] as const;
type Alignment = (typeof ALIGNMENTS)[number];

/**
 * Text alignment kept as a class (`text-center`): the server's allow-list turns Tiptap's style
 * into that class, so the editor reads it back from the class (or a pasted style) and writes it.
 */
const AlignAsClass = TextAlign.extend({
  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element: HTMLElement) => {
              const fromClass = ALIGNMENTS.find((a) => element.classList.contains(`text-${a}`));
              const fromStyle = ALIGNMENTS.find((a) => element.style.textAlign === a);
              return fromClass ?? fromStyle ?? null;
            },
            renderHTML: (attributes: { textAlign?: string | null }) =>
              attributes.textAlign && (ALIGNMENTS as readonly string[]).includes(attributes.textAlign)
                ? { class: `text-${attributes.textAlign}` }
                : {},
          },
        },
      },
    ];
  },
});

/** A link the editor accepts: only what safeLinkUrl keeps (never javascript:, data: …). */
const allowedLink = (url: string) => {
  const safe = safeLinkUrl(url);
  return !!safe;
};

/** What the toolbar shows, re-read on every transaction (only these values re-render it). */
function toolbarState(editor: Editor) {
  return {
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    inTable: editor.isActive('table'),
    align: ALIGNMENTS.find((a) => editor.isActive({ textAlign: a })) ?? null,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

interface ToolProps {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  active?: boolean;
  disabled?: boolean;
  testId: string;
  loading?: boolean;
}

/** One toolbar button: an icon with its accessible name and the same text as a tooltip. */
function Tool({ label, icon, onClick, active, disabled, testId, loading }: ToolProps) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        loading={loading}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** Text glyphs for the tools antd has no icon for. */
const glyph = (text: string) => (
  <span aria-hidden style={{ fontWeight: 600, fontSize: 12, lineHeight: 1 }}>
    {text}
  </span>
);

/**
 * The Tiptap editor (loaded on demand by RichTextEditor): headings, marks, lists, quote, links
 * (safe schemes only), images uploaded through /api/v1/images, tables, alignment, undo/redo.
 * `value`/`onChange` carry HTML ('' when empty), so it works as an antd Form item.
 */
export function RichTextEditorCore({
  value,
  onChange,
  placeholder,
  disabled,
  testId = 'rich-text',
  id,
  minHeight = 240,
  ariaLabel,
}: RichTextEditorProps) {
  const { t } = useTranslation('rich-text');
  const { status } = Form.Item.useStatus();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // The last HTML this editor handed out: the form echoes it back as `value`, which must not reset the editor.
  const emitted = useRef<string | undefined>(value ?? '');
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => allowedLink(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      AlignAsClass.configure({ types: ['heading', 'paragraph'], alignments: [...ALIGNMENTS] }),
      Placeholder.configure({ placeholder: placeholder ?? t('placeholder') }),
    ],
    content: value ?? '',
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-text rich-text-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel ?? t('contentLabel'),
        ...(id ? { id } : {}),
        'data-testid': `${testId}-content`,
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e, transaction }) => {
      // Only a change the user made (typing, a tool, undo): not the editor's own normalising (a
      // trailing paragraph added after an image when the caret moves), which would mark an
      // untouched form as changed.
      if (!transaction.docChanged) return;
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside (a loaded record, a reset form) replaces the content, without an update event.
  useEffect(() => {
    if ((value ?? '') === (emitted.current ?? '')) return;
    emitted.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [value, editor]);

  useEffect(() => {
    if (editor.isEditable === !disabled) return;
    editor.setEditable(!disabled, false);
  }, [disabled, editor]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e) });
  const chain = () => editor.chain().focus();
  const off = !!disabled;

  const openLink = () => setLinkOpen(true);

  return (
    <div
      className={`rich-text-editor${status === 'error' ? ' rich-text-editor-error' : ''}${off ? ' rich-text-editor-disabled' : ''}`}
      data-testid={testId}
    >
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('toolbar')} data-testid={`${testId}-toolbar`}>
        <Tool
          label={t('tools.heading2')}
          icon={glyph('H2')}
          active={state.h2}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
          testId="rte-h2"
        />
        <Tool
          label={t('tools.heading3')}
          icon={glyph('H3')}
          active={state.h3}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
          testId="rte-h3"
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('tools.bold')}
          icon={<BoldOutlined />}
          active={state.bold}
          disabled={off}
          onClick={() => chain().toggleBold().run()}
          testId="rte-bold"
        />
        <Tool
          label={t('tools.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          disabled={off}
          onClick={() => chain().toggleItalic().run()}
          testId="rte-italic"
        />
        <Tool
          label={t('tools.underline')}
          icon={<UnderlineOutlined />}
          active={state.underline}
          disabled={off}
          onClick={() => chain().toggleUnderline().run()}
          testId="rte-underline"
        />
        <Tool
          label={t('tools.strike')}
          icon={<StrikethroughOutlined />}
          active={state.strike}
          disabled={off}
          onClick={() => chain().toggleStrike().run()}
          testId="rte-strike"
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('tools.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          disabled={off}
          onClick={() => chain().toggleBulletList().run()}
          testId="rte-bullet-list"
        />
        <Tool
          label={t('tools.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          disabled={off}
          onClick={() => chain().toggleOrderedList().run()}
          testId="rte-ordered-list"
        />
        <Tool
          label={t('tools.blockquote')}
          icon={glyph('“ ”')}
          active={state.blockquote}
          disabled={off}
          onClick={() => chain().toggleBlockquote().run()}
          testId="rte-blockquote"
        />
        <Divider orientation="vertical" />
        {ALIGNMENTS.map((a: Alignment) => (
          <Tool
            key={a}
            label={t(`tools.align.${a}`)}
            icon={
              a === 'left' ? <AlignLeftOutlined /> : a === 'center' ? <AlignCenterOutlined /> : <AlignRightOutlined />
            }
            active={state.align === a}
            disabled={off}
            onClick={() => (state.align === a ? chain().unsetTextAlign().run() : chain().setTextAlign(a).run())}
            testId={`rte-align-${a}`}
          />
        ))}
        <Divider orientation="vertical" />
        <Tool
          label={t('tools.link')}
          icon={<LinkOutlined />}
          active={state.link}
          disabled={off}
          onClick={openLink}
          testId="rte-link"
        />
        <Tool
          label={t('tools.unlink')}
          icon={<DisconnectOutlined />}
          disabled={off || !state.link}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          testId="rte-unlink"
        />
        <UploadButton
          kind="image"
          ns="rich-text"
          disabled={off || uploading}
          onBusy={setUploading}
          onUploaded={(file) => {
            chain().setImage({ src: file.url, alt: '' }).run();
          }}
          testId="rte-image-upload"
        >
          <Tooltip title={t('tools.image')} mouseEnterDelay={0.4}>
            <Button
              type="text"
              size="small"
              icon={<PictureOutlined />}
              aria-label={t('tools.image')}
              disabled={off}
              loading={uploading}
              data-testid="rte-image"
            />
          </Tooltip>
        </UploadButton>
        <Divider orientation="vertical" />
        <Tool
          label={t('tools.table')}
          icon={<TableOutlined />}
          disabled={off || state.inTable}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          testId="rte-table"
        />
        <Tool
          label={t('tools.addRow')}
          icon={<InsertRowBelowOutlined />}
          disabled={off || !state.inTable}
          onClick={() => chain().addRowAfter().run()}
          testId="rte-add-row"
        />
        <Tool
          label={t('tools.deleteRow')}
          icon={<DeleteRowOutlined />}
          disabled={off || !state.inTable}
          onClick={() => chain().deleteRow().run()}
          testId="rte-delete-row"
        />
        <Tool
          label={t('tools.addColumn')}
          icon={<InsertRowRightOutlined />}
          disabled={off || !state.inTable}
          onClick={() => chain().addColumnAfter().run()}
          testId="rte-add-column"
        />
        <Tool
          label={t('tools.deleteColumn')}
          icon={<DeleteColumnOutlined />}
          disabled={off || !state.inTable}
          onClick={() => chain().deleteColumn().run()}
          testId="rte-delete-column"
        />
        <Tool
          label={t('tools.deleteTable')}
          icon={<DeleteOutlined />}
          disabled={off || !state.inTable}
          onClick={() => chain().deleteTable().run()}
          testId="rte-delete-table"
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('tools.undo')}
          icon={<UndoOutlined />}
          disabled={off || !state.canUndo}
          onClick={() => chain().undo().run()}
          testId="rte-undo"
        />
        <Tool
          label={t('tools.redo')}
          icon={<RedoOutlined />}
          disabled={off || !state.canRedo}
          onClick={() => chain().redo().run()}
          testId="rte-redo"
        />
      </div>
      <EditorContent editor={editor} className="rich-text-editor-body" />
      <LinkModal
        open={linkOpen}
        initial={String(editor.getAttributes('link').href ?? '')}
        onCancel={() => setLinkOpen(false)}
        onApply={(href) => {
          setLinkOpen(false);
          if (!href) {
            chain().extendMarkRange('link').unsetLink().run();
            return;
          }
          if (editor.state.selection.empty && !editor.isActive('link')) {
            // Nothing selected: the address itself becomes the linked text.
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
            return;
          }
          chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
    </div>
  );
}

interface LinkModalProps {
  open: boolean;
  initial: string;
  onCancel: () => void;
  /** The safe address, or '' to remove the link. */
  onApply: (href: string) => void;
}

/** Asks the link's address; refuses anything safeLinkUrl refuses (javascript:, data: …). */
function LinkModal({ open, initial, onCancel, onApply }: LinkModalProps) {
  const { t } = useTranslation('rich-text');
  const [form] = Form.useForm<{ url: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ url: initial });
  }, [open, initial, form]);
  const submit = () =>
    void form.validateFields().then(
      (v) => onApply(safeLinkUrl(v.url ?? '') ?? ''),
      () => undefined,
    );
  return (
    <Modal
      open={open}
      title={t('linkDialog.title')}
      okText={t('linkDialog.apply')}
      cancelText={t('linkDialog.cancel')}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'rte-link-apply' }}
      forceRender
    >
      <Form name="rich-text-link" noValidate form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="url"
          label={t('linkDialog.url')}
          extra={t('linkDialog.help')}
          rules={[
            {
              validator: async (_, v?: string) => {
                if (safeLinkUrl(v ?? '') === null) throw new Error(t('linkDialog.invalid'));
              },
            },
          ]}
        >
          <Input autoFocus placeholder="https://" data-testid="rte-link-url" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
