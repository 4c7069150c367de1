"""No code runs from data: no pickle-family loaders anywhere in the package, YAML only
through safe_load, weights only as safetensors, nothing pickled in models/."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "extract"
_UNSAFE_MODULES = {"pickle", "cPickle", "dill", "cloudpickle", "joblib", "marshal", "shelve"}


def _trees() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(SRC.rglob("*.py"))]


def _call_name(node: ast.Call) -> str:
    f = node.func
    parts = []
    while isinstance(f, ast.Attribute):
        parts.append(f.attr)
        f = f.value
    if isinstance(f, ast.Name):
        parts.append(f.id)
    return ".".join(reversed(parts))


def test_no_pickle_family_module_is_imported():
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not names & _UNSAFE_MODULES, f"{path}: imports {names & _UNSAFE_MODULES}"


def test_no_unsafe_loader_or_eval_is_called():
    for path, tree in _trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            if isinstance(node.func, ast.Name):
                assert name not in ("eval", "exec", "compile", "__import__"), f"{path}: {name}"
            assert name not in ("torch.load", "yaml.load", "yaml.unsafe_load",
                                "numpy.load", "np.load"), f"{path}: calls {name}"  # fmt: skip
            if name.endswith("from_pretrained") and "AutoModel" in name:
                kw = {k.arg: k.value for k in node.keywords}
                ok = isinstance(kw.get("use_safetensors"), ast.Constant)
                assert ok and kw["use_safetensors"].value is True, f"{path}: {name} may unpickle"


def test_models_hold_no_pickles_and_the_head_is_safetensors():
    files = [p for p in (REPO / "models").rglob("*") if p.is_file()]
    suffixes = {p.suffix for p in files}
    assert not suffixes & {".pkl", ".pickle", ".joblib", ".pt", ".pth", ".bin", ".npy", ".npz"}
    assert (REPO / "models" / "event-typer" / "head.safetensors").read_bytes()[8:9] == b"{"
    for p in files:
        assert not p.read_bytes().startswith(b"\x80"), f"{p} looks like a pickle"
