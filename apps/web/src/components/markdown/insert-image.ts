import type { ContentScope } from '@tenantry/shared';

/** Inserts markdown where the cursor was (MarkdownEditor's `onInsertImage` gives it). */
export type InsertMarkdown = (markdown: string) => void;

/**
 * What an editor asks the screen's image picker for: where to insert, and the item's scope
 * (the content admin route hands the authoring feature's picker to every tab).
 */
export type OpenImagePicker = (insert: InsertMarkdown, options: { scope: ContentScope }) => void;

/** A markdown editor's "Insert image": the picker opened for the item being edited. */
export type InsertImage = (insert: InsertMarkdown) => void;
