/** Schemas of the supply chain's partners (ADR 036); filled by its piece. */
export {};
