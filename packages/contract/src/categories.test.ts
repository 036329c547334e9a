import { describe, expect, it } from 'vitest';
import { buildTree, categoryPath, isLeaf, orderProductTypes } from './categories.js';

const all = [
  { id: 1, name: 'Nông sản tươi', parent_id: null },
  { id: 2, name: 'Rau củ', parent_id: 1 },
  { id: 3, name: 'Trái cây', parent_id: 1 },
  { id: 4, name: 'Thủy sản', parent_id: null },
  { id: 5, name: 'Tôm', parent_id: 4 },
  { id: 6, name: 'Rau ăn lá', parent_id: 2 },
];

describe('category tree', () => {
  it('joins the path from the root with " > "', () => {
    expect(categoryPath(6, all)).toBe('Nông sản tươi > Rau củ > Rau ăn lá');
    expect(categoryPath(4, all)).toBe('Thủy sản');
    expect(categoryPath(99, all)).toBe('');
  });

  it('survives a cycle in bad data', () => {
    expect(
      categoryPath(1, [
        { id: 1, name: 'A', parent_id: 2 },
        { id: 2, name: 'B', parent_id: 1 },
      ]),
    ).toBe('B > A');
  });

  it('knows leaves', () => {
    expect(isLeaf(6, all)).toBe(true);
    expect(isLeaf(3, all)).toBe(true);
    expect(isLeaf(2, all)).toBe(false);
    expect(isLeaf(1, all)).toBe(false);
    expect(isLeaf(99, all)).toBe(false);
  });

  it('builds a nested tree', () => {
    const tree = buildTree(all);
    expect(tree.map((n) => n.name)).toEqual(['Nông sản tươi', 'Thủy sản']);
    expect(tree[0].children.map((n) => n.name)).toEqual(['Rau củ', 'Trái cây']);
    expect(tree[0].children[0].children[0].name).toBe('Rau ăn lá');
  });
});

describe('product types', () => {
  it('puts "Khác" last and keeps the rest in order', () => {
    const types = [{ name: 'Khác' }, { name: 'Nông sản' }, { name: 'Thủy sản' }];
    expect(orderProductTypes(types).map((t) => t.name)).toEqual(['Nông sản', 'Thủy sản', 'Khác']);
  });
});
