-- Issue 18.1: a task made from a suggestion keeps the suggestion's texts in the five languages.
ALTER TABLE "tasks" ADD COLUMN "texts" jsonb;