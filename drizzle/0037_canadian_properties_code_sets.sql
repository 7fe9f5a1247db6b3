-- Issue 37 §3: Canadian properties follow Canada's codes, never NFPA 101. Ontario's follow the
-- Ontario Fire Code, the others the National Fire Code of Canada. Only the property's set moves
-- here: its requirements move after the library is written (moveRequirementsToCodeSets, called
-- from runMigrations after syncLibrary), as a change of set does, keeping every record.
UPDATE "properties" SET "code_set" = CASE WHEN upper(trim("state")) = 'ON' THEN 'ca-on' ELSE 'ca-nfc' END
WHERE "country" = 'ca' AND "code_set" = 'us-nfpa';
