import { useMemo, useState } from 'react';
import { Alert, Empty, Flex, Segmented, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { Link, generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TraceEdge, TraceGraph, TraceNode } from '@agrihub/contract/schemas/trace';
import { QueryError } from './query-error';
import { formatDate } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import { useGetTraceQuery } from '../lib/chain-api';
import { paths } from '../config/paths';
import { FsmaLotButton } from './fsma-export';

type Side = 'backward' | 'forward';

/** How many times one lot may appear in a tree (a lot reached by two paths is shown under each, then cut). */
const MAX_TREE_NODES = 500;

/**
 * The tree of one side of the chain: backward, each lot's children are what it was made of or
 * received from; forward, where it went (lots and holders outside the platform).
 */
export function buildTree(
  graph: TraceGraph,
  side: Side,
  render: (node: TraceNode, edge: TraceEdge | null) => React.ReactNode,
): DataNode[] {
  const nodes = new Map(graph.nodes.map((n) => [n.key, n]));
  const next = new Map<string, TraceEdge[]>();
  for (const e of graph.edges) {
    const a = side === 'backward' ? e.to : e.from;
    next.set(a, [...(next.get(a) ?? []), e]);
  }
  let count = 0;
  const grow = (key: string, edge: TraceEdge | null, path: string[]): DataNode | null => {
    const node = nodes.get(key);
    if (!node || count++ > MAX_TREE_NODES) return null;
    const treeKey = [...path, key].join('>');
    const children = (next.get(key) ?? [])
      .map((e) => grow(side === 'backward' ? e.from : e.to, e, [...path, key]))
      .filter((c): c is DataNode => c !== null);
    return { key: treeKey, title: render(node, edge), children, isLeaf: children.length === 0 };
  };
  const root = grow(`lot:${graph.lot_id}`, null, []);
  return root ? [root] : [];
}

/** Where a lot of the chain links: the producer's batch page, or the administrator's chain of that lot. */
export const lotChainPath = (lotId: number, admin?: boolean) =>
  generatePath(admin ? paths.adminSupplyChainLot : paths.productBatch, { id: String(lotId) });

/** A lot's or a holder's line in the tree: lot code (linked when it is the caller's), product, producer, quantity when visible. */
function NodeTitle({ node, edge, admin }: { node: TraceNode; edge: TraceEdge | null; admin?: boolean }) {
  const { t } = useTranslation('chain');
  const locale = currentLocale();
  const via = edge && (
    <Typography.Text type="secondary">
      {t(`edge.${edge.kind}`)} · {formatDate(edge.date, locale)}
      {edge.quantity !== null && ` · ${edge.quantity} ${edge.unit ?? ''}`}
    </Typography.Text>
  );
  if (node.type === 'holder') {
    return (
      <Flex gap={8} wrap align="center" data-testid="chain-holder">
        <Tag color={node.on_platform ? 'blue' : 'default'}>
          {t(node.on_platform ? 'holder.inTransit' : 'holder.outside')}
        </Tag>
        <Typography.Text strong>{node.partner_name}</Typography.Text>
        {via}
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap align="center" data-testid="chain-lot" data-lot={node.lot_code}>
      {node.own ? (
        <Link to={lotChainPath(node.lot_id, admin)}>{node.lot_code}</Link>
      ) : (
        <Typography.Text strong>{node.lot_code}</Typography.Text>
      )}
      <Typography.Text>{node.product_name}</Typography.Text>
      <Typography.Text type="secondary">{node.producer_name}</Typography.Text>
      {node.quantity !== null && (
        <Tag>
          {node.quantity} {node.unit}
        </Tag>
      )}
      {node.state === 'recalled' && <Tag color="red">{t('state.recalled')}</Tag>}
      {node.state === 'draft' && <Tag>{t('state.draft')}</Tag>}
      {!node.own && <Tag color="gold">{t('namesOnly')}</Tag>}
      {via}
    </Flex>
  );
}

/**
 * The chain view of the batch page (and of the administrator's lot page, `admin`: the whole chain
 * through the admin routes): backward and forward trees of a lot, as the caller may see them.
 */
export function ChainView({ lotId, admin }: { lotId: number; admin?: boolean }) {
  const { t } = useTranslation('chain');
  const [side, setSide] = useState<Side>('backward');
  const query = useGetTraceQuery(
    { id: lotId, direction: 'both', ...(admin ? { admin } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const tree = useMemo(
    () => (query.data ? buildTree(query.data, side, (n, e) => <NodeTitle node={n} edge={e} admin={admin} />) : []),
    [query.data, side, admin],
  );

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin data-testid="chain-loading" />;
  const lonely = tree.length === 0 || tree[0].children?.length === 0;
  return (
    <Flex vertical gap={12} data-testid="chain-view">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented<Side>
          value={side}
          onChange={setSide}
          options={[
            { value: 'backward', label: <span data-testid="chain-backward">{t('backward')}</span> },
            { value: 'forward', label: <span data-testid="chain-forward">{t('forward')}</span> },
          ]}
        />
        <FsmaLotButton lotId={lotId} admin={admin} />
      </Flex>
      {query.data.hidden_beyond && (
        <Alert type="info" showIcon title={t('hiddenBeyond')} data-testid="chain-hidden-beyond" />
      )}
      {query.data.truncated && <Alert type="warning" showIcon title={t('truncated')} />}
      {lonely ? (
        <Empty description={t(side === 'backward' ? 'emptyBackward' : 'emptyForward')} data-testid="chain-empty" />
      ) : (
        <Tree
          key={side}
          treeData={tree}
          defaultExpandAll
          selectable={false}
          showLine
          blockNode
          data-testid="chain-tree"
        />
      )}
    </Flex>
  );
}
