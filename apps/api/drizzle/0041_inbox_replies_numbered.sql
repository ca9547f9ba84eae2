-- A customer's reply is an inbox event its account numbers (issue 30.3).
GRANT USAGE ON SEQUENCE inbox_events_id_seq TO portal_app;
