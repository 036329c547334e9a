/** Schemas of the supply chain's shipments (ADR 036); filled by its piece. */
export {};
