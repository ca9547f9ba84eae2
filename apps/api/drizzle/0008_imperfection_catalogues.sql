-- The catalogues of the imperfection forms (issue 5): the Oosterwolde subjects and faults, and the choices of
-- the Apeldoorn and Alkmaar dropdowns. Filled in by the imperfection-forms work.
SELECT 1;
