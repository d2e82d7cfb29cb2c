/**
 * Draws a report (docs/reports.md) with PDFKit (ADR 0013): the cover, the executive summary
 * with the section scores chart (vector bars) and table, the gaps with their remediation tasks,
 * then every answer by section; page numbers and a footer on every page but the cover. The
 * drawing yields to the event loop between slices and reports its progress through
 * `onProgress`.
 */
import type { ReportData } from '../reports.data.ts';
import { answersPart } from './answers.ts';
import { chart } from './chart.ts';
import { cover } from './cover.ts';
import { Drawing, footers, LEFT, text, WIDTH } from './document.ts';
import { summaryText, tiles } from './summary.ts';
import { gapsPart, sectionTable } from './tables.ts';

export interface RenderOptions {
  /** Called with the progress in [0, 1] as the drawing goes; awaited. */
  onProgress?: (progress: number) => Promise<void> | void;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The PDF of a report. */
export async function renderReportPdf(data: ReportData, opts: RenderOptions = {}): Promise<Buffer> {
  const progress = async (p: number) => {
    await opts.onProgress?.(Math.min(1, Math.max(0, p)));
    await yieldToLoop();
  };
  const d = new Drawing(data);
  cover(d);
  await progress(0.15);
  d.doc.addPage();
  d.heading('Executive summary');
  tiles(d);
  d.style('regular', 10).text(text(summaryText(data)), LEFT, d.doc.y, {
    width: WIDTH,
    lineGap: 2,
  });
  d.doc.y += 18;
  chart(d);
  await progress(0.22);
  d.heading('Sections');
  sectionTable(d);
  await progress(0.28);
  gapsPart(d);
  await progress(0.35);
  await answersPart(d, progress, 0.35);
  footers(d);
  return d.end();
}
