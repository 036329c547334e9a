import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Spin,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { buildTree, type CategoryTree } from '@agrihub/contract/categories';
import { POST_CATEGORY_NAME_MAX, postCategoryInput, type PostCategory } from '@agrihub/contract/schemas/content';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { contractRule, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useAppAbility } from '../../../lib/ability';
import {
  useCreatePostCategoryMutation,
  useDeletePostCategoryMutation,
  useListPostCategoriesQuery,
  useUpdatePostCategoryMutation,
} from '../api/content-admin-api';

type Node = CategoryTree<PostCategory>;

/** A category and every category below it (a move there would make a cycle). */
function subtreeIds(id: number, all: readonly PostCategory[]): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parent_id != null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children?: ParentOption[];
}

/** What the dialog edits: a new category (under `parent_id`) or an existing one (rename and/or move). */
type Editing = { mode: 'create'; parent_id: number | null } | { mode: 'edit'; category: PostCategory };

/**
 * The post category tree (DESIGN §5.4): create (at the root or under a category), rename, move
 * (another parent; the server refuses a cycle and says why), delete (only an empty category: the
 * server's refusal is shown). Posts go in leaves only.
 */
export function CategoryManager() {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const ability = useAppAbility();
  const canEdit = ability.can('update', 'post');
  const canCreate = ability.can('create', 'post');
  const canDelete = ability.can('manage', 'post');
  const list = useListPostCategoriesQuery();
  const [remove] = useDeletePostCategoryMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const tree = useMemo(() => buildTree(all), [all]);
  // Every branch open, new ones included, except those the user closed.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const parents = useMemo(() => [...new Set(all.flatMap((c) => (c.parent_id == null ? [] : [c.parent_id])))], [all]);
  const expandedKeys = parents.filter((id) => !collapsed.has(id));

  // A refused deletion stays said above the tree (the reason names what the category still holds).
  const [refusal, setRefusal] = useState<string | null>(null);
  const onDelete = async (c: PostCategory) => {
    setRefusal(null);
    try {
      const answer = await remove(c.id).unwrap();
      void message.success(answer.message ?? t('categories.deleted'));
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  const toTreeData = (nodes: Node[]): object[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <Flex align="center" gap={8} data-testid="category-node" data-id={n.id} data-name={n.name}>
          <Typography.Text>{n.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('categories.postCount', { count: n.post_count })}
          </Typography.Text>
          <Flex gap={2} onClick={(e) => e.stopPropagation()}>
            {canCreate && (
              <Tooltip title={t('categories.addChild')}>
                <Button
                  type="text"
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t('categories.addChildOf', { name: n.name })}
                  onClick={() => setEditing({ mode: 'create', parent_id: n.id })}
                  data-testid="category-add-child"
                />
              </Tooltip>
            )}
            {canEdit && (
              <Tooltip title={t('categories.edit')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('categories.editNamed', { name: n.name })}
                  onClick={() => setEditing({ mode: 'edit', category: n })}
                  data-testid="category-edit"
                />
              </Tooltip>
            )}
            {canDelete && (
              <Popconfirm
                placement="bottomRight"
                title={t('categories.deleteConfirm', { name: n.name })}
                description={n.children.length || n.post_count ? t('categories.deleteNotEmpty') : undefined}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'category-delete-confirm' }}
                onConfirm={() => onDelete(n)}
              >
                <Tooltip title={t('categories.delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('categories.deleteNamed', { name: n.name })}
                    data-testid="category-delete"
                  />
                </Tooltip>
              </Popconfirm>
            )}
          </Flex>
        </Flex>
      ),
      children: n.children.length ? toTreeData(n.children) : undefined,
    }));

  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Flex vertical gap={12} data-testid="category-manager">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('categories.help')}
      </Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal}
          data-testid="category-refusal"
        />
      )}
      {canCreate && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create', parent_id: null })}
          style={{ alignSelf: 'flex-start' }}
          data-testid="category-add-root"
        >
          {t('categories.addRoot')}
        </Button>
      )}
      {list.isLoading ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty description={t('categories.empty')} />
      ) : (
        <Tree
          blockNode
          selectable={false}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setCollapsed(new Set(parents.filter((id) => !keys.includes(id))))}
          treeData={toTreeData(tree) as never}
          data-testid="category-tree"
        />
      )}
      <CategoryModal editing={editing} all={all} onClose={() => setEditing(null)} />
    </Flex>
  );
}

interface ModalProps {
  editing: Editing | null;
  all: readonly PostCategory[];
  onClose: () => void;
}

interface CategoryValues {
  name: string;
  parent_id: number | null;
}

const FIELDS = ['name', 'parent_id'];

function CategoryModal({ editing, all, onClose }: ModalProps) {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const [form] = Form.useForm<CategoryValues>();
  const [create, creating] = useCreatePostCategoryMutation();
  const [update, updating] = useUpdatePostCategoryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const editingId = editing?.mode === 'edit' ? editing.category.id : null;

  const parentOptions = useMemo(() => {
    const blocked = editingId ? subtreeIds(editingId, all) : new Set<number>();
    const toOption = (n: Node): ParentOption => ({
      value: n.id,
      title: n.name,
      disabled: blocked.has(n.id),
      children: n.children.length ? n.children.map(toOption) : undefined,
    });
    return buildTree(all).map(toOption);
  }, [all, editingId]);

  // Each opening starts from the category edited (or an empty name under the chosen parent).
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing.mode === 'edit'
        ? { name: editing.category.name, parent_id: editing.category.parent_id }
        : { name: '', parent_id: editing.parent_id },
    );
    setFailure(null);
  }, [editing, form]);

  const submit = async () => {
    setFailure(null);
    let values: CategoryValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { name: values.name.trim(), parent_id: values.parent_id ?? null };
    try {
      const answer =
        editing?.mode === 'edit'
          ? await update({ id: editing.category.id, body }).unwrap()
          : await create(body).unwrap();
      void message.success(answer.message ?? t(editing?.mode === 'edit' ? 'categories.saved' : 'categories.created'));
      onClose();
    } catch (e) {
      if (!isApiError(e)) return setFailure(t('errors.generic'));
      const fields = serverFieldErrors(e.errors, FIELDS);
      // A move under its own subtree (409) or any refusal about the parent shows on the parent field.
      if (!fields.length && e.status === 409) fields.push({ name: ['parent_id'], errors: [e.message] });
      showFieldErrors(form, fields);
      if (!fields.length) setFailure(e.message);
    }
  };

  return (
    <Modal
      open={!!editing}
      title={editing?.mode === 'edit' ? t('categories.editTitle') : t('categories.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      okButtonProps={{ 'data-testid': 'category-save' }}
      forceRender
    >
      <Form<CategoryValues>
        name="post-category"
        noValidate
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        data-testid="category-form"
      >
        {failure && (
          <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="category-error" />
        )}
        <Form.Item
          name="name"
          label={t('categories.name')}
          required
          rules={[contractRule(postCategoryInput, 'name', t)]}
        >
          <Input maxLength={POST_CATEGORY_NAME_MAX} data-testid="category-name" />
        </Form.Item>
        <Form.Item name="parent_id" label={t('categories.parent')} extra={t('categories.parentHelp')}>
          <TreeSelect
            allowClear
            treeData={parentOptions}
            treeDefaultExpandAll
            placeholder={t('categories.root')}
            showSearch={{ treeNodeFilterProp: 'title' }}
            data-testid="category-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
