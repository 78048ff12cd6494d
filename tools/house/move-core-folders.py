#!/usr/bin/env python3
"""Moves core/'s top-level sources into folders that name the architecture (issue 32) and rewrites
every #include and every `core/<file>` mention in the tree to match. Idempotent: a second run, or a
run over a branch written before the move, only rewrites what still uses the old places."""
import os, re, subprocess, sys

FOLDERS = {
    'model': 'modelarch modelconfig quantformat ggufmix ggufrecipe visiontower kvcache',
    'hardware': 'hardware hostdetect price',
    'scenario': 'scenario scenariojson resolve runtimesettings runtimeprofile tokencount catalog',
    'questions': 'advice solvers fitsearch comparerecommend pincompare clusterplan chartseries kvshortfall launchcommand',
    'formats': 'estimatejson comparejson tableformats',
    'files': 'jsonutil inputfile atomicfile localmodels',
    'runtimes': 'engine',
}
NEW = {b: f for f, names in FOLDERS.items() for b in names.split()}

root = subprocess.check_output(['git', 'rev-parse', '--show-toplevel'], text=True).strip()
os.chdir(root)

def git(*a):
    subprocess.check_call(['git', *a])

for base, folder in NEW.items():
    for ext in ('h', 'cpp'):
        old = f'core/{base}.{ext}'
        if os.path.exists(old):
            os.makedirs(f'core/{folder}', exist_ok=True)
            git('mv', old, f'core/{folder}/{base}.{ext}')

names = '|'.join(sorted(NEW, key=len, reverse=True))
# "X.h", "../X.h", "../../X.h" (from core's subfolders) -> "folder/X.h"
include_re = re.compile(r'(#\s*include\s+")((?:\.\./)*)(' + names + r')\.h"')
# core/X.h or core/X.cpp in text (docs, tests that read sources, CMake)
mention_re = re.compile(r'\bcore/(' + names + r')\.(h|cpp)\b')

files = subprocess.check_output(['git', 'ls-files'], text=True).split('\n')
for path in files:
    if not path or not os.path.isfile(path):
        continue
    if not re.search(r'\.(h|cpp|hpp|md|txt|cmake|py|json|sh)$|CMakeLists\.txt$', path):
        continue
    if path.startswith('tools/house/'):
        continue
    text = open(path, encoding='utf-8', errors='surrogateescape').read()
    new = text
    if path.endswith(('.h', '.cpp')):
        def inc(m):
            ups = m.group(2)
            # ../X.h from outside core/ names something else (tests' own files)
            if ups and not path.startswith('core/'):
                return m.group(0)
            return f'{m.group(1)}{NEW[m.group(3)]}/{m.group(3)}.h"'
        new = include_re.sub(inc, new)
    new = mention_re.sub(lambda m: f'core/{NEW[m.group(1)]}/{m.group(1)}.{m.group(2)}', new)
    if new != text:
        open(path, 'w', encoding='utf-8', errors='surrogateescape').write(new)
        print('rewrote', path)
