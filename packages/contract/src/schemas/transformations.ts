/** Schemas of the supply chain's transformations (ADR 036); filled by its piece. */
export {};
