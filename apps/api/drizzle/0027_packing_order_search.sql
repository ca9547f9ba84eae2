-- The packing orders' search names only the orders' own columns (decision 0035): the departments whose name
-- matches come from the trigram index facilities_search as a list of ids (packing_orders_client_facility finds
-- their orders), and the packing line's own wording of a status, which few orders have, from this index of
-- exactly those orders. Each condition has an index, so PostgreSQL can OR their bitmaps instead of reading
-- every order of the customer and folding its department's name.
CREATE INDEX IF NOT EXISTS packing_orders_status_text ON packing_orders (client_id) WHERE reel_status_text IS NOT NULL;
