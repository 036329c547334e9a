import { productRequest } from '@agrihub/contract/schemas/products';
import { contractRule, type Translate } from '../../../lib/form-rules';
import { requestOf } from './product-form';
import { NEW_VARIANT_STATE } from './product-form';

/**
 * An antd rule that checks one product field with the contract's productRequest schema (so
 * the form says exactly what the API would). Variants are checked by the editor and the server.
 */
export function productRule(field: string, t: Translate) {
  return contractRule(productRequest, field, t, (values) => requestOf(values, NEW_VARIANT_STATE));
}
