/** The poster the user saves: the invitation line, the QR code and the code, drawn on a canvas as one PNG. */
export async function drawPoster(lines: { title: string; subtitle: string; code: string }, qrDataUrl: string): Promise<string> {
  const width = 600;
  const height = 860;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return qrDataUrl;
  context.fillStyle = '#0f1318';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#d4ba83';
  context.textAlign = 'center';
  context.font = 'bold 40px sans-serif';
  context.fillText(lines.title, width / 2, 110);
  context.fillStyle = '#e8ebf0';
  context.font = '26px sans-serif';
  context.fillText(lines.subtitle, width / 2, 165);
  const qr = new Image();
  qr.src = qrDataUrl;
  await qr.decode();
  context.fillStyle = '#ffffff';
  context.fillRect(130, 220, 340, 340);
  context.drawImage(qr, 140, 230, 320, 320);
  context.fillStyle = '#ffd7a6';
  context.font = 'bold 44px monospace';
  context.fillText(lines.code, width / 2, 660);
  return canvas.toDataURL('image/png');
}
