-- Room on each page for the next version of a row: an answer rewrites its assessment's row
-- (scores, version) and its respondent's (sequence), and an update that changes no indexed
-- column and fits on the same page is a HOT update, which writes no index entries.
ALTER TABLE "assessments" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "respondents" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "assessment_answers" SET (fillfactor = 80);
