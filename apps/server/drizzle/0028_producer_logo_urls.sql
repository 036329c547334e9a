-- hand-written: a producer logo is an http(s) address or an upload of the platform (ADR 034); any
-- other value stored before the rule (javascript:, data:, //host, words, '') is removed.
UPDATE "producers" SET "logo_url" = NULL
  WHERE "logo_url" IS NOT NULL AND "logo_url" !~* '^https?://[^/\s]' AND "logo_url" !~ '^/uploads/[^/.]';
