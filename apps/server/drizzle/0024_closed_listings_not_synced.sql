-- A rejected or closed registration is not in its channel's feed: its sync status says so
-- (sale-channels/workflow.ts sets not_synced on those moves; rows moved before that kept theirs).
UPDATE "sale_channel_references" SET "sync_status" = 'not_synced'
  WHERE "register_status" IN ('rejected', 'closed') AND "sync_status" <> 'not_synced';
