/** The report's cover: the account's logo or name, the assessment, and its facts in a panel. */
import type { Drawing } from './document.ts';
import { COLOR, dateTimeOf, dayOf, LEFT, PAGE, text, WIDTH } from './document.ts';

export function cover(d: Drawing) {
  const { doc, data } = d;
  // The provider's brand colour when it has one (readable as text on white: checked on save).
  const accent = data.account.color ?? COLOR.brand;
  doc.save().rect(0, 0, PAGE.width, 10).fill(accent).restore();
  let y = 60;
  if (data.account.logoPng) {
    try {
      doc.image(data.account.logoPng, LEFT, y, { fit: [170, 70] });
      y += 82;
      d.style('bold', 11, COLOR.muted).text(text(data.account.name), LEFT, y, {
        width: WIDTH,
        height: 30,
        ellipsis: true,
      });
    } catch {
      d.style('bold', 18).text(text(data.account.name), LEFT, y, { width: WIDTH });
    }
  } else {
    d.style('bold', 18).text(text(data.account.name), LEFT, y, {
      width: WIDTH,
      height: 50,
      ellipsis: true,
    });
  }

  y = 250;
  d.style('bold', 10, accent).text('ASSESSMENT REPORT', LEFT, y, {
    width: WIDTH,
    characterSpacing: 0.8,
  });
  d.style('bold', 28).text(text(data.assessment.name), LEFT, doc.y + 10, {
    width: WIDTH,
    height: 140,
    ellipsis: true,
    lineGap: 2,
  });
  d.style('regular', 16, COLOR.muted).text(text(`for ${data.tenant.name}`), LEFT, doc.y + 8, {
    width: WIDTH,
    height: 60,
    ellipsis: true,
  });
  d.style('regular', 11, COLOR.muted).text(
    text(`${data.assessment.framework} · version ${data.assessment.version}`),
    LEFT,
    doc.y + 14,
    { width: WIDTH, height: 30, ellipsis: true },
  );

  const a = data.assessment;
  const rows: [string, string][] = [
    ['Status', a.status],
    ['Owner', a.owner ?? '—'],
    ['Started', dayOf(a.startedAt ?? a.createdAt)],
    a.completedAt ? ['Completed', dayOf(a.completedAt)] : ['Due', dayOf(a.dueDate)],
    ['Last answer', a.lastAnswerAt ? dayOf(a.lastAnswerAt) : '—'],
    ['Report made', dateTimeOf(data.generatedAt.toISOString())],
  ];
  const top = 560;
  const rowH = 24;
  doc
    .save()
    .roundedRect(LEFT, top - 12, WIDTH, rows.length * rowH + 18, 6)
    .fill(COLOR.panel)
    .restore();
  rows.forEach(([label, value], i) => {
    const ry = top + i * rowH;
    d.style('regular', 9.5, COLOR.muted).text(label, LEFT + 16, ry, { width: 110 });
    d.style('bold', 10).text(text(value), LEFT + 130, ry, {
      width: WIDTH - 146,
      height: 14,
      ellipsis: true,
    });
  });
  d.style('regular', 8.5, COLOR.faint).text(
    text(`Prepared by ${data.account.name}. Confidential: for ${data.tenant.name}.`),
    LEFT,
    PAGE.height - 60,
    { width: WIDTH, height: 22, ellipsis: true },
  );
}
