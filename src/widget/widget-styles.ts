/** The widget's styles, inside its shadow root so the host page's CSS cannot reach them. */
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.launcher { position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
  background: #2563eb; color: #fff; font-size: 26px; cursor: pointer; box-shadow: 0 6px 20px rgba(0,0,0,.25); z-index: 2147483000; }
.panel { position: fixed; right: 20px; bottom: 88px; width: 360px; max-width: calc(100vw - 40px); height: 520px;
  max-height: calc(100vh - 120px); display: flex; flex-direction: column; background: #fff; border-radius: 14px;
  box-shadow: 0 12px 40px rgba(0,0,0,.25); overflow: hidden; z-index: 2147483000; }
.panel[hidden] { display: none; }
header { display: flex; gap: 10px; align-items: center; padding: 14px 16px; background: #2563eb; color: #fff; }
header img { width: 36px; height: 36px; border-radius: 50%; background: #fff; object-fit: cover; }
header strong { display: block; font-size: 15px; }
header span { display: block; font-size: 12px; opacity: .85; }
.elsewhere { padding: 6px 16px; font-size: 12px; line-height: 1.5; background: #eff6ff; color: #1e3a8a; border-bottom: 1px solid #dbeafe; }
.elsewhere:empty { display: none; }
.elsewhere a { color: #1d4ed8; text-decoration: underline; }
.thread { flex: 1; overflow-y: auto; padding: 12px; background: #f5f7fb; display: flex; flex-direction: column; gap: 8px; }
.bubble { max-width: 80%; padding: 8px 12px; border-radius: 12px; font-size: 14px; line-height: 1.4; white-space: pre-wrap; word-wrap: break-word; }
.bubble.me { align-self: flex-end; background: #2563eb; color: #fff; border-bottom-right-radius: 4px; }
.bubble.them { align-self: flex-start; background: #fff; color: #111827; border: 1px solid #e5e7eb; border-bottom-left-radius: 4px; }
.bubble.pending { opacity: .7; }
.bubble small { display: block; font-size: 11px; opacity: .75; margin-top: 2px; }
.bubble a { display: block; margin-top: 4px; color: inherit; text-decoration: underline; cursor: pointer; }
.bubble img { display: block; max-width: 100%; max-height: 180px; border-radius: 8px; background: #e5e7eb; min-width: 48px; min-height: 48px; }
.rating { align-self: stretch; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; padding: 10px; font-size: 14px; }
.rating div { display: flex; gap: 6px; margin-top: 8px; }
.rating button { flex: 1; padding: 8px 0; border: 1px solid #2563eb; border-radius: 8px; background: #fff; color: #2563eb; cursor: pointer; font-size: 15px; }
.answers { display: flex; flex-wrap: wrap; gap: 6px; align-self: flex-start; }
.answers a { padding: 6px 12px; border: 1px solid #2563eb; border-radius: 16px; color: #2563eb; font-size: 14px; text-decoration: none; }
.answers button { padding: 6px 12px; border: 1px solid #2563eb; border-radius: 16px; background: #fff; color: #2563eb; cursor: pointer; font-size: 14px; }
.status { font-size: 12px; color: #6b7280; padding: 4px 12px; background: #f5f7fb; }
.status:empty { display: none; }
.alert { font-size: 12px; color: #b91c1c; padding: 4px 12px; background: #fef2f2; }
.alert:empty { display: none; }
form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #e5e7eb; }
textarea { flex: 1; resize: none; height: 40px; border: 1px solid #d1d5db; border-radius: 10px; padding: 9px 10px; font-size: 14px; }
form button { border: 0; background: #2563eb; color: #fff; border-radius: 10px; padding: 0 14px; font-size: 14px; cursor: pointer; }
form button.attach { background: transparent; color: #4b5563; padding: 0 4px; display: flex; align-items: center; }
.bubble a svg { vertical-align: -2px; }
`;
