import { describe, expect, it } from 'vitest';
import { TRACE_STEPS, TRACE_STEP_LABELS } from '@agrihub/contract/trace-steps';
import en from '../../public/locales/en/enums.json';
import vi from '../../public/locales/vi/enums.json';
import { ENUMS } from './enums';

const bundles: Record<string, Record<string, Record<string, string>>> = { vi, en };
const sources = import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.ts', '!../trace/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('enum labels (namespace enums)', () => {
  it.each(['vi', 'en'])('%s labels exactly the contract enums, every value, no stale key', (lng) => {
    const bundle = bundles[lng];
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(ENUMS).sort());
    for (const [name, values] of Object.entries(ENUMS)) {
      expect(Object.keys(bundle[name]).sort(), `${lng} ${name}`).toEqual([...values].sort());
      for (const v of values) expect(bundle[name][v]?.trim(), `${lng} ${name}.${v}`).toBeTruthy();
    }
  });

  it('step labels read like the contract (the public page and EPCIS use those)', () => {
    for (const s of TRACE_STEPS) {
      expect(vi.traceStep[s]).toBe(TRACE_STEP_LABELS[s].vi);
      expect(en.traceStep[s]).toBe(TRACE_STEP_LABELS[s].en);
    }
  });

  it('no feature namespace keeps its own copy of an enum group', () => {
    const copies = Object.values(sources).filter((src) =>
      /\bt\(\s*`(?!dashboard:)(?:[a-z-]+:)?(?:status|types|producerTypes|businessFields|steps|role\.names)\.\$\{/.test(
        src,
      ),
    );
    expect(copies).toEqual([]);
  });
});
