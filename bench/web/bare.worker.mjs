const here = new URL(import.meta.url);
const indexURL = new URL(`../${here.searchParams.get("pyodide")}`, here).href;
try {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const py = await loadPyodide({ indexURL });
  postMessage({ ok: true, version: py.runPython("import sys; sys.version.split()[0]") });
} catch (err) {
  postMessage({ ok: false, error: String(err) });
}
