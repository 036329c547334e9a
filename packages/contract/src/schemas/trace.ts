/** Schemas of the supply chain's trace (ADR 036); filled by its piece. */
export {};
