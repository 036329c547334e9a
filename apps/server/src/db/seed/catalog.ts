import { and, eq, isNull } from 'drizzle-orm';
import { OTHER_PRODUCT_TYPE_NAME, type EudrCommodity } from '@agrihub/contract';
import type { Db } from '../client.js';
import { categories, productTypes } from '../schema/index.js';

type Node = [code: string, name: string, nameEn: string];

/** The global agri-food taxonomy: groups (x00) and their leaves (xNN), three-digit codes per group. */
export const CATALOG: { group: Node; leaves: Node[] }[] = [
  {
    group: ['100', 'Nông sản tươi', 'Fresh produce'],
    leaves: [
      ['101', 'Rau ăn lá', 'Leafy vegetables'],
      ['102', 'Rau củ', 'Root and fruit vegetables'],
      ['103', 'Trái cây', 'Fruit'],
      ['104', 'Lúa gạo', 'Rice and grains'],
      ['105', 'Nấm', 'Mushrooms'],
      ['106', 'Đậu và hạt', 'Beans, nuts and seeds'],
      ['107', 'Gia vị tươi', 'Fresh herbs and spices'],
    ],
  },
  {
    group: ['200', 'Thịt và trứng', 'Meat and eggs'],
    leaves: [
      ['201', 'Thịt lợn', 'Pork'],
      ['202', 'Thịt bò', 'Beef'],
      ['203', 'Thịt gia cầm', 'Poultry'],
      ['204', 'Trứng', 'Eggs'],
      ['205', 'Giò, chả, xúc xích', 'Processed meat'],
    ],
  },
  {
    group: ['300', 'Thủy sản', 'Seafood'],
    leaves: [
      ['301', 'Tôm', 'Shrimp'],
      ['302', 'Cá', 'Fish'],
      ['303', 'Mực và bạch tuộc', 'Squid and octopus'],
      ['304', 'Cua và ghẹ', 'Crab'],
      ['305', 'Nghêu, sò, ốc', 'Clams and shellfish'],
      ['306', 'Thủy sản khô', 'Dried seafood'],
    ],
  },
  {
    group: ['400', 'Thực phẩm chế biến', 'Processed food'],
    leaves: [
      ['401', 'Đồ khô', 'Dry goods'],
      ['402', 'Nước mắm và gia vị', 'Fish sauce and condiments'],
      ['403', 'Bánh kẹo', 'Confectionery'],
      ['404', 'Đồ uống', 'Beverages'],
      ['405', 'Bún, phở, miến khô', 'Dried noodles'],
      ['406', 'Đồ hộp và đông lạnh', 'Canned and frozen food'],
      ['407', 'Dầu ăn', 'Cooking oil'],
      ['408', 'Mật ong', 'Honey'],
      ['409', 'Trái cây sấy', 'Dried fruit'],
    ],
  },
  {
    group: ['500', 'Chè và cà phê', 'Tea and coffee'],
    leaves: [
      ['501', 'Chè xanh', 'Green tea'],
      ['502', 'Chè Shan tuyết', 'Shan tuyet tea'],
      ['503', 'Trà thảo mộc', 'Herbal tea'],
      ['504', 'Cà phê nhân và rang xay', 'Coffee beans and ground coffee'],
      ['505', 'Cà phê hòa tan', 'Instant coffee'],
      ['506', 'Ca cao', 'Cocoa'],
    ],
  },
  {
    group: ['600', 'Sản phẩm OCOP và hữu cơ', 'OCOP and organic products'],
    leaves: [
      ['601', 'Sản phẩm OCOP', 'OCOP products'],
      ['602', 'Rau củ hữu cơ', 'Organic vegetables'],
      ['603', 'Gạo hữu cơ', 'Organic rice'],
      ['604', 'Dược liệu', 'Medicinal herbs'],
      ['605', 'Đặc sản vùng miền', 'Regional specialties'],
    ],
  },
  {
    group: ['700', 'Sữa và sản phẩm từ sữa', 'Dairy'],
    leaves: [
      ['701', 'Sữa tươi', 'Fresh milk'],
      ['702', 'Sữa chua và phô mai', 'Yogurt and cheese'],
    ],
  },
];

/**
 * The categories of a relevant EUDR commodity with their HS heading (Annex I of Regulation (EU)
 * 2023/1115; ADR 042): set when the category is created, an administrator changes them later.
 */
export const EUDR_CATEGORIES: Record<string, { commodity: EudrCommodity; hsCode: string }> = {
  '504': { commodity: 'coffee', hsCode: '0901' },
  '506': { commodity: 'cocoa', hsCode: '1801' },
};

/** Product types in display order; "Khác" (other) is listed last by the API whatever its position. */
export const PRODUCT_TYPES: [name: string, nameEn: string][] = [
  ['Nông sản', 'Farm produce'],
  ['Thủy sản', 'Seafood'],
  ['Thịt và trứng', 'Meat and eggs'],
  ['Thực phẩm chế biến', 'Processed food'],
  ['Đồ uống', 'Beverages'],
  ['Chè và cà phê', 'Tea and coffee'],
  [OTHER_PRODUCT_TYPE_NAME, 'Other'],
];

async function ensureCategory(
  db: Db,
  [code, name, nameEn]: Node,
  parentId: number | null,
  position: number,
): Promise<number> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.code, code),
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
      ),
    );
  if (found) return found.id;
  const [row] = await db
    .insert(categories)
    .values({
      code,
      name,
      nameEn,
      parentId,
      position,
      eudrCommodity: EUDR_CATEGORIES[code]?.commodity ?? null,
      hsCode: EUDR_CATEGORIES[code]?.hsCode ?? null,
    })
    .returning({ id: categories.id });
  return row.id;
}

/** The global catalogue (categories and product types); idempotent. */
export async function seedCatalog(db: Db): Promise<void> {
  for (const [gi, { group, leaves }] of CATALOG.entries()) {
    const groupId = await ensureCategory(db, group, null, gi);
    for (const [li, leaf] of leaves.entries()) await ensureCategory(db, leaf, groupId, li);
  }
  for (const [i, [name, nameEn]] of PRODUCT_TYPES.entries()) {
    const [found] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.name, name));
    if (!found) await db.insert(productTypes).values({ name, nameEn, position: i });
  }
}
