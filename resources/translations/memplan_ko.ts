<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
    <context>
        <name>memplan::ui::LogIntake</name>
        <message>
            <source>(pasted log)</source>
            <translation>(붙여 넣은 로그)</translation>
        </message>
    </context>
    <context>
        <name>CliText</name>
        <message>
            <source>the planner expects a fit, but the runtime itself held %1 and asked for %2 more; the plan for that device is %3</source>
            <translation>planner는 들어간다고 보지만 런타임 자신이 %1을(를) 쓰고 있었고 %2을(를) 더 요청했습니다. 그 장치의 계획은 %3입니다</translation>
        </message>
        <message>
            <source>start the scenario&apos;s own launch command here, load-only, and reconcile its log</source>
            <translation>시나리오 자체의 실행 명령을 이 컴퓨터에서 로딩만 하도록 실행하고 그 로그를 대조합니다</translation>
        </message>
        <message>
            <source>the runtime&apos;s program for --run (default: found on PATH)</source>
            <translation>--run에 쓸 런타임 프로그램 (기본값: PATH에서 찾은 것)</translation>
        </message>
        <message>
            <source>stop a --run after S seconds, loaded or not (default 300)</source>
            <translation>--run을 S초 뒤에 로딩 여부와 관계없이 멈춤 (기본값 300)</translation>
        </message>
        <message>
            <source>keep the log of a --run in FILE</source>
            <translation>--run의 로그를 FILE에 저장</translation>
        </message>
        <message>
            <source>the plan names no model file on this computer; import the model&apos;s file first (model.file), so nothing is downloaded</source>
            <translation>계획이 이 컴퓨터의 모델 파일을 가리키지 않습니다. 아무것도 다운로드하지 않도록 먼저 모델 파일을 가져오십시오(model.file)</translation>
        </message>
        <message>
            <source>the model file %1 does not exist</source>
            <translation>모델 파일 %1이(가) 없습니다</translation>
        </message>
        <message>
            <source>load-only runs start llama-server; set runtime.program to llama-server</source>
            <translation>로딩 전용 실행은 llama-server를 시작합니다. runtime.program을 llama-server로 설정하십시오</translation>
        </message>
        <message>
            <source>this runtime cannot be tried on this computer yet; run it yourself and open its log</source>
            <translation>이 런타임은 아직 이 컴퓨터에서 시험할 수 없습니다. 직접 실행한 뒤 그 로그를 여십시오</translation>
        </message>
        <message>
            <source>loaded after %1 s and stopped</source>
            <translation>%1초 만에 로딩이 끝나 멈췄습니다</translation>
        </message>
        <message>
            <source>ended by signal %1 after %2 s</source>
            <translation>%2초 뒤 시그널 %1(으)로 끝났습니다</translation>
        </message>
        <message>
            <source>ended with exit code %1 after %2 s</source>
            <translation>%2초 뒤 종료 코드 %1(으)로 끝났습니다</translation>
        </message>
        <message>
            <source>stopped at the time limit after %1 s</source>
            <translation>제한 시간에 걸려 %1초 뒤 멈췄습니다</translation>
        </message>
        <message>
            <source>stopped after %1 s</source>
            <translation>%1초 뒤 멈췄습니다</translation>
        </message>
        <message>
            <source>starting %1</source>
            <translation>시작: %1</translation>
        </message>
        <message>
            <source>is not on PATH; install the runtime or pass --program PATH</source>
            <translation>PATH에 없습니다. 런타임을 설치하거나 --program PATH를 지정하십시오</translation>
        </message>
        <message>
            <source>could not be started: %1</source>
            <translation>시작할 수 없습니다: %1</translation>
        </message>
        <message>
            <source>printed no line the planner reads; its last lines:
%1</source>
            <translation>플래너가 읽는 줄을 출력하지 않았습니다. 마지막 줄:
%1</translation>
        </message>
        <message>
            <source>starts the runtime itself and takes no log file; got &apos;%1&apos;</source>
            <translation>런타임을 직접 시작하므로 로그 파일을 받지 않습니다. 받은 값: &apos;%1&apos;</translation>
        </message>
        <message>
            <source>needs --scenario FILE: the plan whose launch command is started</source>
            <translation>--scenario FILE이 필요합니다: 실행 명령을 시작할 계획</translation>
        </message>
        <message>
            <source>needs the runtime program&apos;s path</source>
            <translation>런타임 프로그램의 경로가 필요합니다</translation>
        </message>
        <message>
            <source>needs a file to save the log to</source>
            <translation>로그를 저장할 파일이 필요합니다</translation>
        </message>
        <message>
            <source>needs seconds (1, 2, ...)</source>
            <translation>초 단위 값이 필요합니다 (1, 2, ...)</translation>
        </message>
        <message>
            <source>free</source>
            <translation>여유 용량</translation>
        </message>
        <message>
            <source>KV pool short</source>
            <translation>KV 풀 부족</translation>
        </message>
        <message>
            <source>%1 tokens: the pool holds %2, the workload asks for %3</source>
            <translation>토큰 %1개: 풀에는 %2개가 들어가고 워크로드는 %3개를 요청합니다</translation>
        </message>
        <message>
            <source>Speed: the plan does not fit in memory, so it would not run as set; with %1 of %2 layers on the GPU (the rest in host RAM) it fits, at about %3 tokens/s per sequence (%4-%5)</source>
            <translation>속도: 이 계획은 메모리에 들어가지 않아 설정대로는 실행되지 않습니다. 레이어 %2개 중 %1개를 GPU에 두고 나머지를 호스트 RAM에 두면 들어가며, 시퀀스당 약 %3 토큰/s(%4-%5)입니다</translation>
        </message>
        <message>
            <source>Speed: none; the plan does not fit in memory, so it would not run</source>
            <translation>속도: 없음. 이 계획은 메모리에 들어가지 않아 실행되지 않습니다</translation>
        </message>
        <message>
            <source>estimate takes one scenario file, got also '%1'</source>
            <translation>estimate는 시나리오 파일을 하나만 받습니다. 추가로 받은 인자: '%1'</translation>
        </message>
        <message>
            <source>estimate needs a scenario file (or - for standard input)</source>
            <translation>estimate에는 시나리오 파일(표준 입력은 -)이 필요합니다</translation>
        </message>
        <message>
            <source>runtime overheads: calibrated on this machine from %1</source>
            <translation>런타임 오버헤드: 이 장비에서 보정함 (로그: %1)</translation>
        </message>
        <message>
            <source>warning: skipped calibration %1</source>
            <translation>경고: 보정 파일 건너뜀: %1</translation>
        </message>
        <message>
            <source>note: the %1 runtime's overheads are calibrated on this machine (%2, measured in %3)</source>
            <translation>참고: %1 런타임의 오버헤드는 이 장비에서 보정한 값입니다 (%2, 측정 로그: %3)</translation>
        </message>
        <message>
            <source>--min-tokens-per-s needs a positive number, got '%1'</source>
            <translation>--min-tokens-per-s에는 양수가 필요합니다. 받은 값: '%1'</translation>
        </message>
        <message>
            <source>usage:</source>
            <translation>사용법:</translation>
        </message>
        <message>
            <source>--min-tokens-per-s applies to max-concurrency only</source>
            <translation>--min-tokens-per-s는 max-concurrency에만 쓸 수 있습니다</translation>
        </message>
        <message>
            <source>max-micro-batch needs a training scenario (workload.mode "training")</source>
            <translation>max-micro-batch에는 학습 시나리오(workload.mode "training")가 필요합니다</translation>
        </message>
        <message>
            <source>largest micro-batch that fits: %1 sequences of %2 tokens</source>
            <translation>들어가는 최대 micro-batch: 시퀀스 %1개 (시퀀스당 %2 토큰)</translation>
        </message>
        <message>
            <source>not even one sequence fits</source>
            <translation>시퀀스 하나도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>max-sequence needs a training scenario (use max-context for inference)</source>
            <translation>max-sequence에는 학습 시나리오가 필요합니다 (추론에는 max-context를 쓰십시오)</translation>
        </message>
        <message>
            <source>longest training sequence that fits: %1 tokens at micro-batch %2</source>
            <translation>들어가는 최장 학습 시퀀스: %1 토큰 (micro-batch %2)</translation>
        </message>
        <message>
            <source>not even one token fits</source>
            <translation>토큰 하나도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>largest context per sequence that fits: %1 tokens</source>
            <translation>들어가는 시퀀스당 최대 컨텍스트 길이: %1 토큰</translation>
        </message>
        <message>
            <source>not even one token of context fits</source>
            <translation>컨텍스트 토큰 하나도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>most concurrent sequences at %1 tokens that each still decode at %2 tokens/s (expected): %3</source>
            <translation>%1 토큰에서 시퀀스마다 %2 토큰/s(예상) 이상으로 decode하는 최대 동시 시퀀스: %3</translation>
        </message>
        <message>
            <source>even one sequence decodes below %1 tokens/s, or does not fit</source>
            <translation>시퀀스 하나만으로도 decode가 %1 토큰/s보다 느리거나, 들어가지 않습니다</translation>
        </message>
        <message>
            <source>most concurrent sequences at %1 tokens: %2</source>
            <translation>%1 토큰에서 최대 동시 시퀀스: %2</translation>
        </message>
        <message>
            <source>fewest GPUs that fit: %1</source>
            <translation>들어가는 최소 GPU 수: %1</translation>
        </message>
        <message>
            <source>the machine has no GPU (hardware is a CPU); nothing to count</source>
            <translation>이 장비에는 GPU가 없습니다(하드웨어가 CPU). 셀 GPU가 없습니다</translation>
        </message>
        <message>
            <source>does not fit on up to 64 GPUs</source>
            <translation>GPU 64개까지 늘려도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>most decoder layers on the GPU: %1 of %2</source>
            <translation>GPU에 올라가는 최대 디코더 레이어: %2개 중 %1개</translation>
        </message>
        <message>
            <source>no GPU, or the GPU cannot hold even the fixed buffers</source>
            <translation>GPU가 없거나, GPU에 고정 버퍼조차 들어가지 않습니다</translation>
        </message>
        <message>
            <source>unknown solver '%1' (max-context, max-concurrency, min-gpus, gpu-layers, max-micro-batch, max-sequence)</source>
            <translation>알 수 없는 솔버 '%1' (max-context, max-concurrency, min-gpus, gpu-layers, max-micro-batch, max-sequence)</translation>
        </message>
        <message>
            <source>params</source>
            <translation>파라미터</translation>
        </message>
        <message>
            <source>KV bytes/token (f16)</source>
            <translation>토큰당 KV 바이트 (f16)</translation>
        </message>
        <message>
            <source>unknown preset kind '%1' (models, hardware, runtimes, lessons)</source>
            <translation>알 수 없는 프리셋 종류 '%1' (models, hardware, runtimes, lessons)</translation>
        </message>
        <message>
            <source>skipped preset %1</source>
            <translation>프리셋 건너뜀: %1</translation>
        </message>
        <message>
            <source>bits/weight</source>
            <translation>비트/가중치</translation>
        </message>
        <message>
            <source>(average of a mix)</source>
            <translation>(혼합 형식의 평균)</translation>
        </message>
        <message>
            <source>GGUF recipes: published names, sized from the formats they combine</source>
            <translation>GGUF 양자화 구성: 배포 이름별로, 조합한 형식에서 크기를 계산합니다</translation>
        </message>
        <message>
            <source>embedding and output</source>
            <translation>임베딩과 출력</translation>
        </message>
        <message>
            <source>approximate: range widened</source>
            <translation>근사: 범위를 넓힘</translation>
        </message>
        <message>
            <source>Other names with a bit count (UD-Q4_K_M, Q4_K_XXL, IQ4_KS) are sized as the closest stock recipe, with the range widened and a warning.</source>
            <translation>비트 수가 드러나는 다른 이름(UD-Q4_K_M, Q4_K_XXL, IQ4_KS)은 가장 가까운 기본 구성으로 크기를 잡고, 범위를 넓히며 경고를 냅니다.</translation>
        </message>
        <message>
            <source>(a config.json, .safetensors, .gguf, a model folder or a Hugging Face repository)</source>
            <translation>(config.json, .safetensors, .gguf, 모델 폴더 또는 Hugging Face 저장소)</translation>
        </message>
        <message>
            <source>%1: this build cannot read Hugging Face repositories (no network layer)</source>
            <translation>%1: 이 빌드는 Hugging Face 저장소를 읽을 수 없습니다 (네트워크 계층 없음)</translation>
        </message>
        <message>
            <source>(prints what was detected and the this-computer hardware entry)</source>
            <translation>(감지한 내용과 this-computer 하드웨어 항목을 출력합니다)</translation>
        </message>
        <message>
            <source>usage: memplan-cli [--presets DIR] [--lang ko|en] COMMAND ...   (--version, --help)
  estimate FILE|- [--table] [--check]   size a scenario (JSON, or a table with --table;
                                         --check exits 3 when it does not fit)
  solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|max-sequence} FILE
                                         [--min-tokens-per-s N] (max-concurrency only) [--table]
  presets {models|hardware|runtimes|lessons}
  presets models --local [--hardware ID[:N]] [--runtime ID] [--context N] [--dir D]... [--json]
                                         models in the Hugging Face cache, Ollama's store and model
                                         folders, with a fit badge (default hardware: this-computer)
  formats                                weight and KV storage formats with their bits
  inspect PATH|ORG/NAME[@REV][:QUANT]    read a model's config/safetensors/GGUF headers, on disk
                                         or from a Hugging Face repository (headers only; exit 4:
                                         network); MEMPLAN_HF_ENDPOINT, HF_TOKEN
  report FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv]
  advise FILE [--table]                  ranked changes that make it fit (or what is left over)
  compare FILE --hardware ID[:N],...     the scenario on several machines [--table]
                                         [--min-tokens-per-s N] (recommend only those that fast)
  fit machines FILE                      every machine preset, ranked by headroom [--table]
  fit models --hardware ID[:N] [--runtime ID] [--context N] [FILE]
                                         every model preset: best format and context [--table]
  cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine %1]
                                         memory per rank and the command per node [--head ADDRESS]
                                         [--table]
  this-computer                          detected RAM, CPU and GPUs; hardware id this-computer
  completions bash|zsh                   shell completion script (memplan-cli COMMAND --help: its options)
  reconcile LOG|- [--scenario FILE] [--log-run N] [--json] [--keep-overheads]
                                         a runtime's log against the plan
                                         (exit 3: a figure lies outside its planned range;
                                         --keep-overheads saves its overheads for this machine)
  reconcile --run --scenario FILE [--program PATH] [--time-limit S] [--save-log FILE]
                                         start the scenario&apos;s own server here, load-only
                                         (never a download), and reconcile its log
</source>
            <translation>사용법: memplan-cli [--presets DIR] [--lang ko|en] COMMAND ...   (--version, --help)
  estimate FILE|- [--table] [--check]   시나리오의 메모리를 계산합니다 (JSON, --table이면 표;
                                         --check: 들어가지 않으면 종료 코드 3)
  solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|max-sequence} FILE
                                         [--min-tokens-per-s N] (max-concurrency 전용) [--table]
  presets {models|hardware|runtimes|lessons}
  presets models --local [--hardware ID[:N]] [--runtime ID] [--context N] [--dir D]... [--json]
                                         Hugging Face 캐시, Ollama 저장소, 모델 폴더의 모델과
                                         들어가는지 표시 (기본 하드웨어: this-computer)
  formats                                가중치·KV 저장 형식과 비트 수
  inspect PATH|ORG/NAME[@REV][:QUANT]    모델의 config/safetensors/GGUF 헤더를 디스크나
                                         Hugging Face 저장소에서 읽습니다 (헤더만; 종료 코드 4:
                                         네트워크); MEMPLAN_HF_ENDPOINT, HF_TOKEN
  report FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv]
  advise FILE [--table]                  들어가게 만드는 변경을 순서대로 (또는 남는 여유 용량)
  compare FILE --hardware ID[:N],...     여러 장비에서 본 시나리오 [--table]
                                         [--min-tokens-per-s N] (그만큼 빠른 장비만 권함)
  fit machines FILE                      모든 장비 프리셋, 여유 용량 순 [--table]
  fit models --hardware ID[:N] [--runtime ID] [--context N] [FILE]
                                         모든 모델 프리셋: 가장 좋은 형식과 컨텍스트 길이 [--table]
  cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine %1]
                                         rank별 메모리와 노드별 명령 [--head ADDRESS]
                                         [--table]
  this-computer                          감지한 RAM, CPU, GPU; 하드웨어 id this-computer
  completions bash|zsh                   셸 자동 완성 스크립트 (memplan-cli COMMAND --help: 그 명령의 옵션)
  reconcile LOG|- [--scenario FILE] [--log-run N] [--json] [--keep-overheads]
                                         런타임 로그를 계획과 대조합니다
                                         (종료 코드 3: 계획 범위를 벗어난 수치가 있음;
                                         --keep-overheads: 이 장비의 오버헤드를 저장)
  reconcile --run --scenario FILE [--program PATH] [--time-limit S] [--save-log FILE]
                                         시나리오 자체의 서버를 이 컴퓨터에서 로딩만 하도록
                                         실행하고(다운로드하지 않음) 그 로그를 대조합니다
</translation>
        </message>
        <message>
            <source>%1: unknown option '%2' (%1 takes no options; see memplan-cli %1 --help)</source>
            <translation>%1: 알 수 없는 옵션 '%2' (%1 명령에는 옵션이 없습니다. memplan-cli %1 --help 참고)</translation>
        </message>
        <message>
            <source>%1: unknown option '%2' (%1 takes %3; see memplan-cli %1 --help)</source>
            <translation>%1: 알 수 없는 옵션 '%2' (%1 명령의 옵션: %3. memplan-cli %1 --help 참고)</translation>
        </message>
        <message>
            <source>unknown command '%1'</source>
            <translation>알 수 없는 명령 '%1'</translation>
        </message>
        <message>
            <source>%1 (preset files skipped: %2)</source>
            <translation>%1 (건너뛴 프리셋 파일: %2)</translation>
        </message>
        <message>
            <source>(named by %1)</source>
            <translation>(지정한 곳: %1)</translation>
        </message>
        <message>
            <source>print a table instead of JSON</source>
            <translation>JSON 대신 표를 출력합니다</translation>
        </message>
        <message>
            <source>print JSON (the default)</source>
            <translation>JSON을 출력합니다 (기본값)</translation>
        </message>
        <message>
            <source>a hardware preset id (or this-computer) and a device count</source>
            <translation>하드웨어 프리셋 id(또는 this-computer)와 장치 수</translation>
        </message>
        <message>
            <source>a runtime profile id</source>
            <translation>런타임 프로필 id</translation>
        </message>
        <message>
            <source>context tokens per sequence (32k, 128K, 1M allowed)</source>
            <translation>시퀀스당 컨텍스트 토큰 수 (32k, 128K, 1M 형식 허용)</translation>
        </message>
        <message>
            <source>size a scenario: every guest of every memory pool</source>
            <translation>시나리오의 메모리를 계산합니다: 모든 메모리 풀의 모든 손님</translation>
        </message>
        <message>
            <source>exit 3 when the scenario does not fit</source>
            <translation>시나리오가 들어가지 않으면 종료 코드 3</translation>
        </message>
        <message>
            <source>the largest or smallest setting that still fits</source>
            <translation>아직 들어가는 가장 큰(또는 가장 작은) 설정</translation>
        </message>
        <message>
            <source>max-concurrency only: each sequence must still decode this fast</source>
            <translation>max-concurrency 전용: 시퀀스마다 이 속도 이상으로 decode해야 합니다</translation>
        </message>
        <message>
            <source>print the answer as one line of text instead of JSON</source>
            <translation>JSON 대신 답을 한 줄 텍스트로 출력합니다</translation>
        </message>
        <message>
            <source>list the shipped and user presets, or the models on this computer with a fit badge</source>
            <translation>기본 제공 프리셋과 사용자 프리셋, 또는 이 컴퓨터의 모델과 들어가는지 여부를 나열합니다</translation>
        </message>
        <message>
            <source>models in the Hugging Face cache, Ollama's store and model folders</source>
            <translation>Hugging Face 캐시, Ollama 저장소, 모델 폴더에 있는 모델</translation>
        </message>
        <message>
            <source>another folder to search for models (repeatable)</source>
            <translation>모델을 찾을 폴더 추가 (여러 번 지정 가능)</translation>
        </message>
        <message>
            <source>weight and KV storage formats with their bits per weight</source>
            <translation>가중치·KV 저장 형식과 가중치당 비트 수</translation>
        </message>
        <message>
            <source>read a model's headers (config.json, safetensors, GGUF), on disk or in a Hugging Face repository</source>
            <translation>모델 헤더(config.json, safetensors, GGUF)를 디스크나 Hugging Face 저장소에서 읽습니다</translation>
        </message>
        <message>
            <source>write the PDF report with its JSON (and CSV) twins</source>
            <translation>PDF 보고서와 짝이 되는 JSON(과 CSV)을 씁니다</translation>
        </message>
        <message>
            <source>the PDF to write</source>
            <translation>쓸 PDF 파일</translation>
        </message>
        <message>
            <source>the estimate JSON to write</source>
            <translation>쓸 산정 결과 JSON 파일</translation>
        </message>
        <message>
            <source>the items as CSV</source>
            <translation>항목 CSV 파일</translation>
        </message>
        <message>
            <source>page size</source>
            <translation>용지 크기</translation>
        </message>
        <message>
            <source>GiB (2^30) or GB (10^9) in the report</source>
            <translation>보고서 단위: GiB (2^30) 또는 GB (10^9)</translation>
        </message>
        <message>
            <source>ranked changes that make the scenario fit (or what is left over)</source>
            <translation>시나리오가 들어가게 만드는 변경을 순서대로 (또는 남는 여유 용량)</translation>
        </message>
        <message>
            <source>the scenario on several machines</source>
            <translation>여러 장비에서 본 시나리오</translation>
        </message>
        <message>
            <source>every machine preset ranked for a scenario, or every model preset on one machine</source>
            <translation>시나리오에 맞춰 순위를 매긴 모든 장비 프리셋, 또는 한 장비에서 본 모든 모델 프리셋</translation>
        </message>
        <message>
            <source>detected RAM, CPU and GPUs, and the this-computer hardware entry</source>
            <translation>감지한 RAM, CPU, GPU와 this-computer 하드웨어 항목</translation>
        </message>
        <message>
            <source>a runtime's log against the plan (exit 3: a figure outside its planned range)</source>
            <translation>런타임 로그를 계획과 대조합니다 (종료 코드 3: 계획 범위를 벗어난 수치)</translation>
        </message>
        <message>
            <source>the scenario the log was run with</source>
            <translation>로그를 실행할 때 쓴 시나리오</translation>
        </message>
        <message>
            <source>save the measured overheads for this machine</source>
            <translation>측정한 오버헤드를 이 장비용으로 저장합니다</translation>
        </message>
        <message>
            <source>print a shell completion script</source>
            <translation>셸 자동 완성 스크립트를 출력합니다</translation>
        </message>
        <message>
            <source>add a folder of user presets</source>
            <translation>사용자 프리셋 폴더를 추가합니다</translation>
        </message>
        <message>
            <source>language of the output: text, tables, help, errors and reports</source>
            <translation>출력 언어: 텍스트, 표, 도움말, 오류, 보고서</translation>
        </message>
        <message>
            <source>this help</source>
            <translation>이 도움말</translation>
        </message>
        <message>
            <source>solvers</source>
            <translation>솔버</translation>
        </message>
        <message>
            <source>choices</source>
            <translation>선택지</translation>
        </message>
        <message>
            <source>options:</source>
            <translation>옵션:</translation>
        </message>
        <message>
            <source>for every command:</source>
            <translation>모든 명령 공통:</translation>
        </message>
        <message>
            <source>exit codes: 0 ok, 1 a file could not be written, 2 bad input or usage, 3 does not fit, 4 network</source>
            <translation>종료 코드: 0 정상, 1 파일을 쓸 수 없음, 2 잘못된 입력이나 사용법, 3 들어가지 않음, 4 네트워크</translation>
        </message>
        <message>
            <source>'%1' is not a token count from 1 to 100,000,000 (32k, 128K, 1M allowed)</source>
            <translation>'%1': 1에서 100,000,000 사이의 토큰 수가 아닙니다 (32k, 128K, 1M 형식 허용)</translation>
        </message>
        <message>
            <source>needs a value; usage: %1</source>
            <translation>값이 필요합니다. 사용법: %1</translation>
        </message>
        <message>
            <source>needs memplan-report, built with the planner window; without it use --json or --table</source>
            <translation>planner 창과 함께 빌드한 memplan-report가 필요합니다. 없으면 --json이나 --table을 쓰십시오</translation>
        </message>
        <message>
            <source>is not understood here; usage: %1</source>
            <translation>여기서 쓸 수 없는 인자입니다. 사용법: %1</translation>
        </message>
        <message>
            <source>machine</source>
            <translation>장비</translation>
        </message>
        <message>
            <source>fits</source>
            <translation>들어감</translation>
        </message>
        <message>
            <source>capacity</source>
            <translation>용량</translation>
        </message>
        <message>
            <source>headroom</source>
            <translation>여유 용량</translation>
        </message>
        <message>
            <source>max context</source>
            <translation>최대 컨텍스트</translation>
        </message>
        <message>
            <source>max seqs</source>
            <translation>최대 시퀀스</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>레이어</translation>
        </message>
        <message>
            <source>capacity and headroom in GiB (2^30 bytes); layers = decoder layers on the GPU side</source>
            <translation>용량과 여유 용량은 GiB (2^30 바이트); 레이어 = GPU 쪽 디코더 레이어 수</translation>
        </message>
        <message>
            <source>none: the memory is already free</source>
            <translation>없음: 메모리가 이미 비어 있습니다</translation>
        </message>
        <message>
            <source>time: every layer's forward pass runs twice (about a third more compute)</source>
            <translation>시간: 레이어마다 forward pass를 두 번 실행합니다 (계산량 약 1/3 증가)</translation>
        </message>
        <message>
            <source>little: blockwise 8-bit moments track fp32 AdamW closely</source>
            <translation>작음: 블록 단위 8비트 모멘트는 fp32 AdamW와 거의 같게 움직입니다</translation>
        </message>
        <message>
            <source>communication: more gathers and reduce-scatters per step</source>
            <translation>통신: 스텝마다 gather와 reduce-scatter가 늘어납니다</translation>
        </message>
        <message>
            <source>speed: the optimizer step runs on the CPU over PCIe</source>
            <translation>속도: 옵티마이저 스텝이 PCIe 너머 CPU에서 실행됩니다</translation>
        </message>
        <message>
            <source>speed: more, smaller steps for the same batch</source>
            <translation>속도: 같은 batch를 더 작고 많은 스텝으로 나눕니다</translation>
        </message>
        <message>
            <source>method: only low-rank adapters train</source>
            <translation>방법: 저랭크 어댑터만 학습합니다</translation>
        </message>
        <message>
            <source>method: a 4-bit base, dequantized in every step</source>
            <translation>방법: 4비트 기반 모델을 스텝마다 역양자화합니다</translation>
        </message>
        <message>
            <source>workload: longer examples are cut or split</source>
            <translation>작업량: 긴 예제는 잘리거나 나뉩니다</translation>
        </message>
        <message>
            <source>little: the output projection runs in eight pieces</source>
            <translation>작음: 출력 projection을 여덟 조각으로 나눠 실행합니다</translation>
        </message>
        <message>
            <source>time: a compile pass before the first step; steps usually run faster</source>
            <translation>시간: 첫 스텝 전에 컴파일을 한 번 거치며, 스텝은 보통 더 빨라집니다</translation>
        </message>
        <message>
            <source>limits: no gradient accumulation and no clipping of the whole gradient</source>
            <translation>제약: gradient 누적과 전체 gradient 클리핑을 쓸 수 없습니다</translation>
        </message>
        <message>
            <source>speed: saved activations cross PCIe twice per step</source>
            <translation>속도: 저장된 activation이 스텝마다 PCIe를 두 번 오갑니다</translation>
        </message>
        <message>
            <source>Tensor parallelism spans nodes: every layer's all-reduce crosses the network; keep TP within a node and use PP across nodes where the memory allows.</source>
            <translation>텐서 병렬이 노드를 넘습니다: 레이어마다 all-reduce가 네트워크를 지납니다. TP는 노드 안에 두고, 메모리가 허락하면 노드 사이에는 PP를 쓰십시오.</translation>
        </message>
        <message>
            <source>TP %1 exceeds the %2 KV heads: each rank keeps a copy of one KV head, so the KV cache is replicated.</source>
            <translation>TP %1 값이 KV head 수(%2)보다 큽니다: rank마다 KV head 하나의 사본을 두므로 KV 캐시가 복제됩니다.</translation>
        </message>
        <message>
            <source>The %1 experts do not divide over %2 ranks: some ranks hold one more expert.</source>
            <translation>expert %1개가 rank %2개로 나누어떨어지지 않습니다: 일부 rank는 expert를 하나 더 가집니다.</translation>
        </message>
        <message>
            <source>Dense and MoE layers differ in size; per-layer weights are an average.</source>
            <translation>dense 레이어와 MoE 레이어는 크기가 다릅니다. 레이어당 가중치는 평균값입니다.</translation>
        </message>
        <message>
            <source>Fits.</source>
            <translation>들어갑니다.</translation>
        </message>
        <message>
            <source>Does not fit.</source>
            <translation>들어가지 않습니다.</translation>
        </message>
        <message>
            <source>No change to suggest.</source>
            <translation>제안할 변경이 없습니다.</translation>
        </message>
        <message>
            <source>%1 — cost: %2</source>
            <translation>%1 — 대가: %2</translation>
        </message>
        <message>
            <source>needs a scenario file (or - for standard input)</source>
            <translation>시나리오 파일(표준 입력은 -)이 필요합니다</translation>
        </message>
        <message>
            <source>(not enough alone)</source>
            <translation>(이것만으로는 부족)</translation>
        </message>
        <message>
            <source>(the planner expects it not to fit)</source>
            <translation>(planner 예상으로는 메모리에 맞지 않음)</translation>
        </message>
        <message>
            <source>needs a scenario file and --hardware; usage: %1</source>
            <translation>시나리오 파일과 --hardware가 필요합니다. 사용법: %1</translation>
        </message>
        <message>
            <source>'%1' is not a whole number from 1 to 4,096</source>
            <translation>'%1': 1에서 4,096 사이의 정수가 아닙니다</translation>
        </message>
        <message>
            <source>'%1' is not one of the multi-node runtimes (%2)</source>
            <translation>'%1': 여러 노드로 배포하는 런타임(%2) 중 하나가 아닙니다</translation>
        </message>
        <message>
            <source>needs a scenario file (or - for standard input); usage: %1</source>
            <translation>시나리오 파일(표준 입력은 -)이 필요합니다. 사용법: %1</translation>
        </message>
        <message>
            <source>%1 nodes × %2 GPUs, TP %3 × PP %4 × DP %5</source>
            <translation>노드 %1개 × GPU %2개, TP %3 × PP %4 × DP %5</translation>
        </message>
        <message>
            <source>, expert parallel</source>
            <translation>, expert 병렬</translation>
        </message>
        <message>
            <source>Fits: %1</source>
            <translation>들어감: %1</translation>
        </message>
        <message>
            <source>Does not fit: %1</source>
            <translation>들어가지 않음: %1</translation>
        </message>
        <message>
            <source>stage</source>
            <translation>스테이지</translation>
        </message>
        <message>
            <source>experts</source>
            <translation>expert</translation>
        </message>
        <message>
            <source>dense</source>
            <translation>dense</translation>
        </message>
        <message>
            <source>embeddings</source>
            <translation>임베딩</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>KV 캐시</translation>
        </message>
        <message>
            <source>per rank</source>
            <translation>rank당</translation>
        </message>
        <message>
            <source>usable</source>
            <translation>사용 가능</translation>
        </message>
        <message>
            <source>over</source>
            <translation>초과</translation>
        </message>
        <message>
            <source>bytes in GiB (2^30) per GPU; weights and KV only (activation and CUDA graphs come on top)</source>
            <translation>GPU당 바이트, GiB (2^30) 단위; 가중치와 KV만 (activation(활성값)과 CUDA 그래프는 별도)</translation>
        </message>
        <message>
            <source>note: %1</source>
            <translation>참고: %1</translation>
        </message>
        <message>
            <source>node %1: %2</source>
            <translation>노드 %1: %2</translation>
        </message>
        <message>
            <source>needs 'machines' or 'models'; usage: %1</source>
            <translation>'machines'나 'models'가 필요합니다. 사용법: %1</translation>
        </message>
        <message>
            <source>'%1' is not 'machines' or 'models'</source>
            <translation>'%1': 'machines'도 'models'도 아닙니다</translation>
        </message>
        <message>
            <source>fit models takes one machine</source>
            <translation>fit models에는 장비를 하나만 지정합니다</translation>
        </message>
        <message>
            <source>needs --hardware or a scenario file; usage: %1</source>
            <translation>--hardware나 시나리오 파일이 필요합니다. 사용법: %1</translation>
        </message>
        <message>
            <source>model</source>
            <translation>모델</translation>
        </message>
        <message>
            <source>format</source>
            <translation>형식</translation>
        </message>
        <message>
            <source>weights</source>
            <translation>가중치</translation>
        </message>
        <message>
            <source>weights in GiB (2^30 bytes); max context per sequence at %1 concurrent sequence(s)</source>
            <translation>가중치는 GiB (2^30 바이트); 최대 컨텍스트는 동시 시퀀스 %1개일 때의 시퀀스당 값</translation>
        </message>
        <message>
            <source>offload</source>
            <translation>오프로드</translation>
        </message>
        <message>
            <source>no</source>
            <translation>안 됨</translation>
        </message>
        <message>
            <source>'%1' is not a token count from 1 to 100,000,000 (32k allowed)</source>
            <translation>'%1': 1에서 100,000,000 사이의 토큰 수가 아닙니다 (32k 형식 허용)</translation>
        </message>
        <message>
            <source>takes one machine</source>
            <translation>장비를 하나만 지정합니다</translation>
        </message>
        <message>
            <source>source</source>
            <translation>출처</translation>
        </message>
        <message>
            <source>path</source>
            <translation>경로</translation>
        </message>
        <message>
            <source>skipped %1 model %2: %3</source>
            <translation>%1 모델 건너뜀 (%2): %3</translation>
        </message>
        <message>
            <source>error</source>
            <translation>오류</translation>
        </message>
        <message>
            <source>weights in GiB (2^30 bytes) as stored; fits = every layer in device memory, offload = some in host RAM, on %1 with %2 host RAM</source>
            <translation>가중치는 저장된 크기, GiB (2^30 바이트); 들어감 = 모든 레이어가 장치 메모리에, 오프로드 = 일부가 호스트 RAM에. 장비: %1, 호스트 RAM %2</translation>
        </message>
        <message>
            <source>is larger than 1 GiB; pass the start-up part of the log</source>
            <translation>1 GiB보다 큽니다. 로그의 시작 부분만 넘겨 주십시오</translation>
        </message>
        <message>
            <source>Ollama runs llama.cpp: the llama.cpp profile sizes its buffers</source>
            <translation>Ollama는 llama.cpp로 실행됩니다: 버퍼 크기는 llama.cpp 프로필이 정합니다</translation>
        </message>
        <message>
            <source>Ollama %1 runs llama.cpp %2, the tree it vendors</source>
            <translation>Ollama %1은(는) 안에 포함된 llama.cpp %2(으)로 실행됩니다</translation>
        </message>
        <message>
            <source>model '%1' matched from the printed name '%2'</source>
            <translation>모델 '%1': 출력된 이름 '%2'에서 찾았습니다</translation>
        </message>
        <message>
            <source>model '%1' matched from the printed shape (layers, width, vocabulary)</source>
            <translation>모델 '%1': 출력된 모양(레이어, 폭, 어휘 크기)에서 찾았습니다</translation>
        </message>
        <message>
            <source>the log names no model</source>
            <translation>로그에 모델 이름이 없습니다</translation>
        </message>
        <message>
            <source>no preset matches the printed model '%1'</source>
            <translation>출력된 모델 '%1'에 맞는 프리셋이 없습니다</translation>
        </message>
        <message>
            <source>file type '%1' is not modelled; the model's own format is used</source>
            <translation>파일 형식 '%1': 모델링하지 않는 형식이므로 모델 자체의 형식을 씁니다</translation>
        </message>
        <message>
            <source>weights sized as the recipe '%1' the file name '%2' carries</source>
            <translation>가중치는 파일 이름 '%2'에 적힌 양자화 구성 '%1'(으)로 계산했습니다</translation>
        </message>
        <message>
            <source>the file's printed size (%1 GiB) fixes the weights' total; the routed experts keep the recipe's types</source>
            <translation>로그에 찍힌 파일 크기(%1 GiB)로 가중치 총량을 맞췄습니다. 라우팅되는 expert는 구성의 타입을 그대로 씁니다</translation>
        </message>
        <message>
            <source>weights format '%1' read from the model's name</source>
            <translation>가중치 형식 '%1': 모델 이름에서 읽었습니다</translation>
        </message>
        <message>
            <source>the log prints no file type; the model's own dtype is assumed</source>
            <translation>로그에 파일 형식이 없습니다. 모델 자체의 dtype으로 가정합니다</translation>
        </message>
        <message>
            <source>no GPU buffer in the log: a CPU machine (%1) is assumed</source>
            <translation>로그에 GPU 버퍼가 없습니다: CPU 장비(%1)로 가정합니다</translation>
        </message>
        <message>
            <source>hardware '%1' matched from the printed device '%2'</source>
            <translation>하드웨어 '%1': 출력된 장치 '%2'에서 찾았습니다</translation>
        </message>
        <message>
            <source>the log names no known device: an H100 SXM is assumed for the device's size</source>
            <translation>로그에 아는 장치가 없습니다: 장치 크기는 H100 SXM으로 가정합니다</translation>
        </message>
        <message>
            <source>device total taken from the log</source>
            <translation>장치 전체 용량은 로그에서 가져왔습니다</translation>
        </message>
        <message>
            <source>%1 has no pool in the scenario</source>
            <translation>시나리오에 풀이 없는 항목: %1</translation>
        </message>
        <message>
            <source>the log holds %1 model loads; the first is compared</source>
            <translation>로그에 모델 로드가 %1번 있습니다. 첫 번째를 대조합니다</translation>
        </message>
        <message>
            <source>lines longer than 64 KiB were cut</source>
            <translation>64 KiB보다 긴 줄은 잘랐습니다</translation>
        </message>
        <message>
            <source>runtime: %1  (scenario from %2: %3, %4, %5)</source>
            <translation>런타임: %1  (시나리오 출처 %2: %3, %4, %5)</translation>
        </message>
        <message>
            <source>the log</source>
            <translation>로그</translation>
        </message>
        <message>
            <source>the file</source>
            <translation>파일</translation>
        </message>
        <message>
            <source>own format</source>
            <translation>자체 형식</translation>
        </message>
        <message>
            <source>pool</source>
            <translation>풀</translation>
        </message>
        <message>
            <source>guest</source>
            <translation>손님</translation>
        </message>
        <message>
            <source>planned</source>
            <translation>계획</translation>
        </message>
        <message>
            <source>planned range</source>
            <translation>계획 범위</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>측정값</translation>
        </message>
        <message>
            <source>not compared</source>
            <translation>대조 안 함</translation>
        </message>
        <message>
            <source>in range</source>
            <translation>범위 안</translation>
        </message>
        <message>
            <source>OUTSIDE</source>
            <translation>범위 밖</translation>
        </message>
        <message>
            <source>every measured figure lies inside the planned range</source>
            <translation>측정한 수치가 모두 계획 범위 안에 있습니다</translation>
        </message>
        <message>
            <source>some measured figures lie outside the planned range</source>
            <translation>계획 범위를 벗어난 측정 수치가 있습니다</translation>
        </message>
        <message>
            <source>needs a scenario file</source>
            <translation>시나리오 파일이 필요합니다</translation>
        </message>
        <message>
            <source>reconcile takes one log file, got also '%1'</source>
            <translation>reconcile은 로그 파일을 하나만 받습니다. 추가로 받은 인자: '%1'</translation>
        </message>
        <message>
            <source>holds no line of llama.cpp, Ollama, vLLM, SGLang or MLX-LM the planner recognises</source>
            <translation>planner가 알아보는 llama.cpp, Ollama, vLLM, SGLang, MLX-LM 줄이 하나도 없습니다</translation>
        </message>
        <message>
            <source>which run of a log holding several to compare</source>
            <translation>로그에 실행이 여러 번 담겨 있을 때 대조할 실행 번호</translation>
        </message>
        <message>
            <source>needs a run number (1, 2, ...)</source>
            <translation>실행 번호(1, 2, ...)가 필요합니다</translation>
        </message>
        <message>
            <source>the multimodal projector&apos;s compute buffer on %1 (%2 MiB) is not planned</source>
            <translation>%1에 있는 멀티모달 프로젝터의 계산 버퍼(%2 MiB)는 계획에 넣지 않았습니다</translation>
        </message>
        <message>
            <source>model built from the printed shape of '%1'</source>
            <translation>로그에 찍힌 구조로 '%1' 모델을 만들었습니다</translation>
        </message>
        <message>
            <source>the model's facts are run %1's, which loaded the same file</source>
            <translation>같은 파일을 읽은 %1번째 실행의 모델 정보를 씁니다</translation>
        </message>
        <message>
            <source>hardware &apos;%1&apos; stands in for the printed device &apos;%2&apos;, a chip no preset describes</source>
            <translation>로그에 찍힌 장치 &apos;%2&apos;을(를) 설명하는 프리셋이 없어 하드웨어 &apos;%1&apos;(으)로 대신합니다</translation>
        </message>
        <message>
            <source>the log sets %1, which the plan does not take</source>
            <translation>로그가 %1을(를) 설정했지만 이 계획은 그 설정을 반영하지 않습니다</translation>
        </message>
        <message>
            <source>the mapped model buffers overlap by %1 MiB: views of one file, counted once as its printed size</source>
            <translation>매핑된 모델 버퍼가 %1 MiB 겹칩니다. 한 파일을 비추는 뷰이므로 로그에 찍힌 파일 크기로 한 번만 셉니다</translation>
        </message>
        <message>
            <source>the planner expects a fit, but only %1 of %2 was free: other processes held the rest</source>
            <translation>planner는 들어간다고 보지만 %2 중 %1만 비어 있었습니다. 나머지는 다른 프로세스가 쓰고 있었습니다</translation>
        </message>
        <message>
            <source>the runtime needs the context to fit in one request's KV cache: it suggests %1 tokens instead of %2</source>
            <translation>런타임은 요청 하나의 KV 캐시에 컨텍스트 길이 전체가 들어가야 합니다. %2 토큰 대신 %1 토큰을 제안합니다</translation>
        </message>
        <message>
            <source>the planner expects a fit; a setting the log does not print, or memory outside the plan, made the difference</source>
            <translation>planner는 들어간다고 봅니다. 로그에 찍히지 않은 설정이나 계획 밖의 메모리가 차이를 만들었습니다</translation>
        </message>
        <message>
            <source>run %1 of %2 in the log is shown (lines %3-%4); pick another with --log-run N</source>
            <translation>로그의 실행 %2번 중 %1번째를 보여 줍니다 (줄 %3-%4). 다른 실행은 --log-run N으로 고르십시오</translation>
        </message>
        <message>
            <source>did not start: %1 on %2 (line %3); wanted %4, free %5, total %6</source>
            <translation>시작하지 못했습니다: %2에서 %1 (줄 %3). 요청 %4, 여유 %5, 전체 %6</translation>
        </message>
        <message>
            <source>the runtime estimates the longest context that fits: %1 tokens</source>
            <translation>런타임이 추정한, 들어가는 가장 긴 컨텍스트 길이: %1 토큰</translation>
        </message>
        <message>
            <source>the planner's verdict: fits</source>
            <translation>planner의 판정: 들어갑니다</translation>
        </message>
        <message>
            <source>the planner's verdict: does not fit</source>
            <translation>planner의 판정: 들어가지 않습니다</translation>
        </message>
        <message>
            <source>runtime: %1  (no plan: the log does not identify the %2; pass --scenario FILE to compare)</source>
            <translation>런타임: %1  (계획 없음: 로그에서 알아낼 수 없는 입력은 %2입니다. 대조하려면 --scenario FILE을 지정하십시오)</translation>
        </message>
        <message>
            <source>prints no workspace or system figure to keep</source>
            <translation>저장할 workspace(작업 버퍼)나 시스템 수치가 로그에 없습니다</translation>
        </message>
        <message>
            <source>no user presets folder is known</source>
            <translation>사용자 프리셋 폴더를 알 수 없습니다</translation>
        </message>
        <message>
            <source>kept the %1 overheads measured on %2 in %3</source>
            <translation>%1 오버헤드(측정 장비: %2)를 저장했습니다: %3</translation>
        </message>
        <message>
            <source>estimated</source>
            <translation>추정값</translation>
        </message>
        <message>
            <source>calculated</source>
            <translation>계산값</translation>
        </message>
        <message>
            <source>Speed: not computed (%1)</source>
            <translation>속도: 계산하지 않음 (%1)</translation>
        </message>
        <message>
            <source>Speed (bound = physical ceiling; expected = bound / backend efficiency + fixed costs per step, range low-high):</source>
            <translation>속도 (상한 = 물리적 한계; 예상 = 상한 / backend 효율 + 스텝당 고정 비용, 범위 하한-상한):</translation>
        </message>
        <message>
            <source>decode per sequence   bound %1 tokens/s, expected %2 (%3-%4)  [%5]</source>
            <translation>시퀀스당 decode   상한 %1 토큰/s, 예상 %2 (%3-%4)  [%5]</translation>
        </message>
        <message>
            <source>decode, %1 sequences  bound %2 tokens/s, expected %3 (%4-%5)</source>
            <translation>decode, 시퀀스 %1개  상한 %2 토큰/s, 예상 %3 (%4-%5)</translation>
        </message>
        <message>
            <source>decode, %1 sequence   bound %2 tokens/s, expected %3 (%4-%5)</source>
            <translation>decode, 시퀀스 %1개  상한 %2 토큰/s, 예상 %3 (%4-%5)</translation>
        </message>
        <message>
            <source>prompt of %1 tokens  bound %2 tokens/s; time to first token expected %3 s (%4-%5 s)  [%6]</source>
            <translation>프롬프트 %1 토큰  상한 %2 토큰/s; 첫 토큰까지 예상 %3 s (%4-%5 s)  [%6]</translation>
        </message>
        <message>
            <source>prompt of %1 tokens  bound %2 tokens/s (memory reads only: no throughput figure)</source>
            <translation>프롬프트 %1 토큰  상한 %2 토큰/s (메모리 읽기만 계산: 처리량 수치 없음)</translation>
        </message>
        <message>
            <source>%1: reads %2 GB per step at %3 GB/s (%4, %5)</source>
            <translation>%1: 스텝마다 %2 GB 읽기, %3 GB/s (%4, %5)</translation>
        </message>
        <message>
            <source>; %1 GB expected, as the sequences pick different experts</source>
            <translation>; 시퀀스마다 다른 expert를 골라 예상값은 %1 GB</translation>
        </message>
        <message>
            <source>Model: %1  parameters %2</source>
            <translation>모델: %1  파라미터 %2</translation>
        </message>
        <message>
            <source>(active %1)</source>
            <translation>(활성 %1)</translation>
        </message>
        <message>
            <source>weights %1 [%2], KV per token %3 bytes (%4)</source>
            <translation>가중치 %1 [%2], 토큰당 KV %3 바이트 (%4)</translation>
        </message>
        <message>
            <source>recurrent state per sequence %1 bytes (%2), fixed whatever the context</source>
            <translation>시퀀스당 recurrent 상태 %1 바이트 (%2), 컨텍스트 길이와 무관하게 고정</translation>
        </message>
        <message>
            <source>ASSUMED ARCHITECTURE: the model type is unknown; sized as a Llama-style decoder from its standard keys</source>
            <translation>가정한 아키텍처: 모델 유형을 알 수 없어 표준 키로 Llama 방식 디코더로 계산했습니다</translation>
        </message>
        <message>
            <source>Units: GiB = 2^30 bytes, GB = 10^9 bytes.</source>
            <translation>단위: GiB = 2^30 바이트, GB = 10^9 바이트.</translation>
        </message>
        <message>
            <source>%1 [%2]  capacity %3, usable %4</source>
            <translation>%1 [%2]  용량 %3, 사용 가능 %4</translation>
        </message>
        <message>
            <source>estimated %1-%2 GiB</source>
            <translation>추정값 %1-%2 GiB</translation>
        </message>
        <message>
            <source>total</source>
            <translation>합계</translation>
        </message>
        <message>
            <source>DOES NOT FIT</source>
            <translation>들어가지 않음</translation>
        </message>
        <message>
            <source>loading peak</source>
            <translation>로딩 중 최고점</translation>
        </message>
        <message>
            <source>of which reclaimable</source>
            <translation>그중 회수 가능</translation>
        </message>
        <message>
            <source>mapped file pages; not required</source>
            <translation>매핑된 파일 페이지, 필수 아님</translation>
        </message>
        <message>
            <source>does not fit</source>
            <translation>들어가지 않음</translation>
        </message>
        <message>
            <source>Training: %1, %2, %3 over %4 rank(s), data parallel %5, tensor parallel %6</source>
            <translation>학습: %1, %2, %3 (rank %4개), 데이터 병렬 %5, 텐서 병렬 %6</translation>
        </message>
        <message>
            <source>trainable parameters %1, frozen %2</source>
            <translation>학습 파라미터 %1, 고정 파라미터 %2</translation>
        </message>
        <message>
            <source>model states per GPU %1 (whole model unsharded %2)</source>
            <translation>GPU당 모델 상태 %1 (샤딩하지 않은 전체 모델 %2)</translation>
        </message>
        <message>
            <source>activations and logits per GPU %1 (micro-batch %2 x %3 tokens; %4 tokens per optimizer step)</source>
            <translation>GPU당 activation(활성값)과 logits %1 (micro-batch %2 × %3 토큰; 옵티마이저 스텝당 %4 토큰)</translation>
        </message>
        <message>
            <source>Verdict: %1</source>
            <translation>판정: %1</translation>
        </message>
        <message>
            <source>warning: %1</source>
            <translation>경고: %1</translation>
        </message>
        <message>
            <source>Launch: %1</source>
            <translation>실행 명령: %1</translation>
        </message>
        <message>
            <source>KV capacity: %1 tokens</source>
            <translation>KV 용량: %1 토큰</translation>
        </message>
        <message>
            <source>(range %1 to %2)</source>
            <translation>(범위 %1 - %2)</translation>
        </message>
        <message>
            <source>(%1x concurrency at the scenario's context)</source>
            <translation>(시나리오의 컨텍스트 길이에서 동시 시퀀스 %1배)</translation>
        </message>
        <message>
            <source>will not start</source>
            <translation>시작하지 않음</translation>
        </message>
        <message>
            <source>Release modelled: %1 %2 (the newest the profile follows; set runtime.version for another)</source>
            <translation>모델링한 릴리스: %1 %2 (프로필이 따르는 최신 릴리스; 다른 릴리스는 runtime.version으로 지정)</translation>
        </message>
        <message>
            <source>Release modelled: %1 %2</source>
            <translation>모델링한 릴리스: %1 %2</translation>
        </message>
        <message>
            <source>refused: %1</source>
            <translation>거부됨: %1</translation>
        </message>
        <message>
            <source>needs a positive number, got '%1'</source>
            <translation>양수가 필요합니다. 받은 값: '%1'</translation>
        </message>
        <message>
            <source>recommend only machines whose sequences decode at least this fast</source>
            <translation>시퀀스당 생성 속도가 이 값 이상인 장비만 권합니다</translation>
        </message>
        <message>
            <source>memory per rank of a multi-node deployment and the command each node runs</source>
            <translation>여러 노드 배포에서 rank별 메모리와 노드마다 실행할 명령</translation>
        </message>
        <message>
            <source>number of nodes</source>
            <translation>노드 수</translation>
        </message>
        <message>
            <source>GPUs in each node</source>
            <translation>노드당 GPU 수</translation>
        </message>
        <message>
            <source>tensor parallel size</source>
            <translation>텐서 병렬 크기</translation>
        </message>
        <message>
            <source>pipeline parallel size (default 1)</source>
            <translation>파이프라인 병렬 크기 (기본값 1)</translation>
        </message>
        <message>
            <source>data parallel size (default 1)</source>
            <translation>데이터 병렬 크기 (기본값 1)</translation>
        </message>
        <message>
            <source>spread the experts over the ranks (expert parallel)</source>
            <translation>expert를 rank에 나눠 둡니다 (expert 병렬)</translation>
        </message>
        <message>
            <source>the serving engine whose commands to print</source>
            <translation>명령을 출력할 서빙 엔진</translation>
        </message>
        <message>
            <source>the head node's address in the commands</source>
            <translation>명령에 넣을 헤드 노드 주소</translation>
        </message>
        <message>
            <source>%1 is from another build of the planner</source>
            <translation>%1: 다른 빌드의 planner 모듈입니다</translation>
        </message>
        <message>
            <source>the network module is not installed (looked for %1)</source>
            <translation>네트워크 모듈이 설치되어 있지 않습니다 (찾아본 곳: %1)</translation>
        </message>
        <message>
            <source>%1cannot reach %2 (%3)</source>
            <translation>%1%2에 연결할 수 없습니다 (%3)</translation>
        </message>
        <message>
            <source>%1access denied (HTTP %2): the repository is gated or private; accept its terms on the hub and set HF_TOKEN to a token with access</source>
            <translation>%1접근 거부 (HTTP %2): 제한되거나 비공개인 저장소입니다. 허브에서 이용 약관에 동의하고, 접근 권한이 있는 토큰을 HF_TOKEN에 설정하십시오</translation>
        </message>
        <message>
            <source>%1not found (HTTP 404): no such repository, revision or file</source>
            <translation>%1찾을 수 없음 (HTTP 404): 해당 저장소, 리비전 또는 파일이 없습니다</translation>
        </message>
        <message>
            <source>%1the server asks to slow down (HTTP 429); try again later</source>
            <translation>%1서버가 요청을 줄이라고 합니다 (HTTP 429). 잠시 뒤 다시 시도하십시오</translation>
        </message>
        <message>
            <source>%1the server failed (HTTP %2); try again later</source>
            <translation>%1서버 오류 (HTTP %2). 잠시 뒤 다시 시도하십시오</translation>
        </message>
        <message>
            <source>%1unexpected answer HTTP %2</source>
            <translation>%1예상하지 못한 응답: HTTP %2</translation>
        </message>
        <message>
            <source>%1no answer from %2 within %3 s (timeout)</source>
            <translation>%1%3 s 안에 %2 서버가 응답하지 않았습니다 (시간 초과)</translation>
        </message>
        <message>
            <source>%1the answer is larger than the %2 bytes asked for; the server may ignore range requests, and whole weight files are never downloaded</source>
            <translation>%1응답이 요청한 %2 바이트보다 큽니다. 서버가 범위 요청을 무시하는 것일 수 있으며, 가중치 파일 전체는 내려받지 않습니다</translation>
        </message>
        <message>
            <source>%1: the server ignores range requests</source>
            <translation>%1: 서버가 범위 요청을 무시합니다</translation>
        </message>
        <message>
            <source>discrete GPU</source>
            <translation>이산 GPU</translation>
        </message>
        <message>
            <source>unified memory</source>
            <translation>통합 메모리</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>(GiB = 2^30 bytes)</source>
            <translation>(GiB = 2^30 바이트)</translation>
        </message>
    </context>
    <context>
        <name>EngineText</name>
        <message>
            <source>%1 tokens (%2)</source>
            <translation>%1 토큰(%2)</translation>
        </message>
        <message>
            <source>%1: the KV cache pool holds %2 tokens and the workload asks for %3, %4 short</source>
            <translation>%1: KV 캐시 풀에는 토큰 %2개가 들어가고 워크로드는 %3개를 요청하므로 %4만큼 모자랍니다</translation>
        </message>
        <message>
            <source>%1 will not start: it has no %2 KV cache (%3 states it; %1 takes %4).</source>
            <translation>%1 런타임은 시작하지 않습니다. %2 KV 캐시를 지원하지 않습니다(설정: %3. 지원 형식: %4).</translation>
        </message>
        <message>
            <source>%1 will not start: it loads GGUF files, and %2 weights are not a GGUF type (%3 states it). Choose a GGUF format such as q4_k_m, q8_0 or bf16.</source>
            <translation>%1 런타임은 시작하지 않습니다. GGUF 파일만 로딩하는데 %2 가중치는 GGUF 형식이 아닙니다(설정: %3). q4_k_m, q8_0, bf16 같은 GGUF 형식을 고르십시오.</translation>
        </message>
        <message>
            <source>host</source>
            <translation>호스트 RAM</translation>
        </message>
        <message>
            <source>unified</source>
            <translation>통합 메모리</translation>
        </message>
        <message>
            <source>Theory (formulas only)</source>
            <translation>이론 (식만 사용)</translation>
        </message>
        <message>
            <source>NF4 + double quant</source>
            <translation>NF4 + 이중 양자화</translation>
        </message>
        <message>
            <source>INT4 (raw 4 bit)</source>
            <translation>INT4 (순수 4비트)</translation>
        </message>
        <message>
            <source>%1 file (mix)</source>
            <translation>%1 파일 (혼합)</translation>
        </message>
        <message>
            <source>%1 (mix)</source>
            <translation>%1 (혼합)</translation>
        </message>
        <message>
            <source>decoder layers</source>
            <translation>디코더 레이어</translation>
        </message>
        <message>
            <source>routed experts</source>
            <translation>라우팅되는 expert</translation>
        </message>
        <message>
            <source>token embedding</source>
            <translation>토큰 임베딩</translation>
        </message>
        <message>
            <source>output head</source>
            <translation>출력 헤드</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>KV 캐시</translation>
        </message>
        <message>
            <source>KV cache (sliding-window layers)</source>
            <translation>KV 캐시 (슬라이딩 윈도 레이어)</translation>
        </message>
        <message>
            <source>recurrent state</source>
            <translation>recurrent 상태 (고정 크기)</translation>
        </message>
        <message>
            <source>KV cache (cross-attention, image tokens)</source>
            <translation>KV 캐시 (cross-attention, 이미지 토큰)</translation>
        </message>
        <message>
            <source>cross-attention layers here</source>
            <translation>이 장치의 cross-attention 레이어 수</translation>
        </message>
        <message>
            <source>image tokens one image leaves (all tiles)</source>
            <translation>이미지 한 장이 남기는 이미지 토큰 수 (모든 타일)</translation>
        </message>
        <message>
            <source>sequences, one image each</source>
            <translation>시퀀스 수 (시퀀스마다 이미지 한 장)</translation>
        </message>
        <message>
            <source>vision tower and projector</source>
            <translation>비전 타워와 프로젝터</translation>
        </message>
        <message>
            <source>vision encoder graph (beyond the text graph)</source>
            <translation>비전 인코더 그래프 (텍스트 그래프를 넘는 부분)</translation>
        </message>
        <message>
            <source>image patches the encoder attends over</source>
            <translation>인코더가 attention으로 보는 이미지 패치 수</translation>
        </message>
        <message>
            <source>vision attention heads</source>
            <translation>비전 인코더의 attention head 수</translation>
        </message>
        <message>
            <source>vision encoder width</source>
            <translation>비전 인코더 폭</translation>
        </message>
        <message>
            <source>vision MLP width</source>
            <translation>비전 MLP 폭</translation>
        </message>
        <message>
            <source>this GPU's text compute buffer</source>
            <translation>이 GPU의 텍스트 연산 버퍼</translation>
        </message>
        <message>
            <source>recurrent layers here</source>
            <translation>이 풀의 recurrent 레이어 수</translation>
        </message>
        <message>
            <source>convolution-state elements per layer and sequence</source>
            <translation>레이어·시퀀스당 합성곱 상태 원소 수</translation>
        </message>
        <message>
            <source>scan-state elements per layer and sequence</source>
            <translation>레이어·시퀀스당 스캔 상태 원소 수</translation>
        </message>
        <message>
            <source>bytes per conv-state element</source>
            <translation>합성곱 상태 원소당 바이트</translation>
        </message>
        <message>
            <source>bytes per scan-state element</source>
            <translation>스캔 상태 원소당 바이트</translation>
        </message>
        <message>
            <source>sequences the runtime keeps a state for</source>
            <translation>런타임이 상태를 유지하는 시퀀스 수</translation>
        </message>
        <message>
            <source>padded page one layer's state occupies</source>
            <translation>레이어 하나의 상태가 차지하는 패딩된 페이지</translation>
        </message>
        <message>
            <source>pages each sequence's state keeps per layer</source>
            <translation>시퀀스 하나의 상태가 레이어마다 차지하는 페이지 수</translation>
        </message>
        <message>
            <source>tower and projector parameters</source>
            <translation>타워와 프로젝터 파라미터 수</translation>
        </message>
        <message>
            <source>RoPE cos/sin tables</source>
            <translation>RoPE cos/sin 테이블</translation>
        </message>
        <message>
            <source>positions the tables cover (max_position_embeddings, scaled; every distinct setup)</source>
            <translation>테이블이 담는 위치 수 (max_position_embeddings에 스케일링을 적용하고, 서로 다른 설정마다 따로)</translation>
        </message>
        <message>
            <source>rotary dimensions per head</source>
            <translation>헤드당 회전 차원 수</translation>
        </message>
        <message>
            <source>bytes per table entry</source>
            <translation>테이블 항목당 바이트</translation>
        </message>
        <message>
            <source>the file's stated size over the recipe's bytes, on every part but the routed experts</source>
            <translation>파일에 적힌 크기를 레시피의 바이트로 나눈 값 (라우팅되는 expert를 뺀 모든 부분에 적용)</translation>
        </message>
        <message>
            <source>KV block pool (preallocated)</source>
            <translation>KV 블록 풀 (미리 할당)</translation>
        </message>
        <message>
            <source>activation and compute buffer</source>
            <translation>activation과 연산 버퍼</translation>
        </message>
        <message>
            <source>output (logits) buffer</source>
            <translation>출력(logits) 버퍼</translation>
        </message>
        <message>
            <source>runtime context and kernel workspace</source>
            <translation>런타임 컨텍스트와 커널 workspace</translation>
        </message>
        <message>
            <source>CPU compute scratch</source>
            <translation>CPU 연산용 임시 버퍼</translation>
        </message>
        <message>
            <source>allocator slack</source>
            <translation>allocator 여유</translation>
        </message>
        <message>
            <source>allocator slack and headroom</source>
            <translation>allocator 여유와 여유 용량</translation>
        </message>
        <message>
            <source>desktop display</source>
            <translation>데스크톱 화면 표시</translation>
        </message>
        <message>
            <source>operating system and other programs</source>
            <translation>운영체제와 다른 프로그램</translation>
        </message>
        <message>
            <source>Host RAM</source>
            <translation>호스트 RAM</translation>
        </message>
        <message>
            <source>Host RAM (CPU only)</source>
            <translation>호스트 RAM (CPU 전용)</translation>
        </message>
        <message>
            <source>FFN width in use</source>
            <translation>사용 중인 FFN 폭</translation>
        </message>
        <message>
            <source>KV heads on this device</source>
            <translation>이 장치의 KV head 수</translation>
        </message>
        <message>
            <source>KV tokens the pool holds</source>
            <translation>풀에 담기는 KV 토큰 수</translation>
        </message>
        <message>
            <source>attention span (no flash attention)</source>
            <translation>attention 범위 (flash attention 없음)</translation>
        </message>
        <message>
            <source>bits per expert weight</source>
            <translation>expert 가중치당 비트</translation>
        </message>
        <message>
            <source>bits per weight</source>
            <translation>가중치당 비트</translation>
        </message>
        <message>
            <source>bytes per cached element (scales included)</source>
            <translation>캐시 원소당 바이트 (scale 포함)</translation>
        </message>
        <message>
            <source>bytes per token per FFN unit</source>
            <translation>FFN 단위·토큰당 바이트</translation>
        </message>
        <message>
            <source>bytes per token per hidden unit</source>
            <translation>hidden 단위·토큰당 바이트</translation>
        </message>
        <message>
            <source>captured CUDA graphs</source>
            <translation>캡처된 CUDA graph</translation>
        </message>
        <message>
            <source>collective buffers</source>
            <translation>집합 통신 버퍼</translation>
        </message>
        <message>
            <source>device context and library buffers</source>
            <translation>장치 컨텍스트와 라이브러리 버퍼</translation>
        </message>
        <message>
            <source>this GPU&apos;s share of each matrix&apos;s rows (-sm row)</source>
            <translation>각 행렬의 행 가운데 이 GPU가 맡는 몫 (split_mode=row)</translation>
        </message>
        <message>
            <source>devices sharing it</source>
            <translation>나눠 갖는 장치 수</translation>
        </message>
        <message>
            <source>devices sharing them</source>
            <translation>나눠 갖는 장치 수</translation>
        </message>
        <message>
            <source>free margin kept per device</source>
            <translation>장치마다 비워 두는 여유 용량</translation>
        </message>
        <message>
            <source>head dimension</source>
            <translation>head 차원</translation>
        </message>
        <message>
            <source>hidden size</source>
            <translation>hidden 크기</translation>
        </message>
        <message>
            <source>latent rank</source>
            <translation>latent 랭크</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>레이어 수</translation>
        </message>
        <message>
            <source>layers here</source>
            <translation>이 풀의 레이어 수</translation>
        </message>
        <message>
            <source>sliding-window layers here</source>
            <translation>이 풀의 슬라이딩 윈도 레이어 수</translation>
        </message>
        <message>
            <source>layers on the GPU side</source>
            <translation>GPU 쪽 레이어 수</translation>
        </message>
        <message>
            <source>expert matrices on the GPU side</source>
            <translation>GPU 쪽에 있는 expert 행렬 수</translation>
        </message>
        <message>
            <source>expert matrices in RAM</source>
            <translation>RAM에 있는 expert 행렬 수</translation>
        </message>
        <message>
            <source>expert matrices this device holds (3 per mixture layer)</source>
            <translation>이 장치가 가진 expert 행렬 수 (MoE 레이어마다 3개)</translation>
        </message>
        <message>
            <source>expert matrices (gate, up, down of each mixture layer)</source>
            <translation>expert 행렬 수 (MoE 레이어마다 세 개)</translation>
        </message>
        <message>
            <source>logit rows</source>
            <translation>logits 행 수</translation>
        </message>
        <message>
            <source>parallel sequences</source>
            <translation>동시 시퀀스 수</translation>
        </message>
        <message>
            <source>parameters in decoder layers</source>
            <translation>디코더 레이어의 파라미터 수</translation>
        </message>
        <message>
            <source>parameters in routed experts</source>
            <translation>라우팅되는 expert의 파라미터 수</translation>
        </message>
        <message>
            <source>reserved for the OS and apps</source>
            <translation>OS와 앱 몫으로 예약</translation>
        </message>
        <message>
            <source>reserved-but-unused share</source>
            <translation>예약됐지만 쓰이지 않는 비율</translation>
        </message>
        <message>
            <source>rotary key width</source>
            <translation>rotary key 폭</translation>
        </message>
        <message>
            <source>share of the device the runtime may use</source>
            <translation>런타임이 쓸 수 있는 장치 비율</translation>
        </message>
        <message>
            <source>tokens per forward step (micro-batch)</source>
            <translation>forward 한 번에 처리하는 토큰 수 (micro-batch)</translation>
        </message>
        <message>
            <source>token slots per windowed layer</source>
            <translation>윈도 레이어당 토큰 칸 수</translation>
        </message>
        <message>
            <source>token slots, all sequences</source>
            <translation>모든 시퀀스의 토큰 칸 수</translation>
        </message>
        <message>
            <source>vocabulary</source>
            <translation>어휘 크기</translation>
        </message>
        <message>
            <source>window</source>
            <translation>윈도 크기</translation>
        </message>
        <message>
            <source>GPU %1 (%2)</source>
            <translation>GPU %1 (%2)</translation>
        </message>
        <message>
            <source>compute buffer (graph peak)</source>
            <translation>연산 버퍼 (그래프 최고점)</translation>
        </message>
        <message>
            <source>pipeline-parallel input copies</source>
            <translation>파이프라인 병렬 입력 사본</translation>
        </message>
        <message>
            <source>graph inputs (host buffer)</source>
            <translation>그래프 입력 (호스트 버퍼)</translation>
        </message>
        <message>
            <source>KV cells in the mask</source>
            <translation>마스크가 덮는 KV 셀 수</translation>
        </message>
        <message>
            <source>attention heads</source>
            <translation>attention head 수</translation>
        </message>
        <message>
            <source>copies kept by pipeline parallelism</source>
            <translation>파이프라인 병렬이 유지하는 사본 수</translation>
        </message>
        <message>
            <source>mask bytes alive across the layers</source>
            <translation>모든 레이어에 걸쳐 살아 있는 마스크 바이트</translation>
        </message>
        <message>
            <source>vocabulary (0: the logits are elsewhere)</source>
            <translation>어휘 크기 (0이면 logits는 다른 장치에 있음)</translation>
        </message>
        <message>
            <source>forward pass (profiling run)</source>
            <translation>forward pass (프로필링 실행)</translation>
        </message>
        <message>
            <source>sampler (profiling run)</source>
            <translation>샘플러 (프로필링 실행)</translation>
        </message>
        <message>
            <source>bytes per logit</source>
            <translation>logits 원소당 바이트</translation>
        </message>
        <message>
            <source>device total the runtime sees</source>
            <translation>런타임이 보는 장치 전체 용량</translation>
        </message>
        <message>
            <source>host layer's gate and up weights copied in</source>
            <translation>GPU로 복사해 온 호스트 레이어의 gate·up 가중치</translation>
        </message>
        <message>
            <source>host output head copied in</source>
            <translation>GPU로 복사해 온 호스트의 출력 헤드</translation>
        </message>
        <message>
            <source>weights on this device</source>
            <translation>이 장치의 가중치</translation>
        </message>
        <message>
            <source>activation on this device</source>
            <translation>이 장치의 activation(활성값)</translation>
        </message>
        <message>
            <source>workspace on this device</source>
            <translation>이 장치의 workspace(작업 버퍼)</translation>
        </message>
        <message>
            <source>KV cache on this pool</source>
            <translation>이 메모리 풀의 KV 캐시</translation>
        </message>
        <message>
            <source>activation on this pool</source>
            <translation>이 메모리 풀의 activation(활성값)</translation>
        </message>
        <message>
            <source>kept by the desktop compositor</source>
            <translation>데스크톱 화면 합성기가 쓰는 몫</translation>
        </message>
        <message>
            <source>scratch when computing on the CPU</source>
            <translation>CPU에서 계산할 때 쓰는 작업 공간</translation>
        </message>
        <message>
            <source>mask bytes per copy</source>
            <translation>사본 하나당 마스크 바이트</translation>
        </message>
        <message>
            <source>mask rows (micro-batch padded)</source>
            <translation>마스크 행 수(micro-batch를 패딩한 값)</translation>
        </message>
        <message>
            <source>The architecture was changed from the preset: a what-if model, not the real one.</source>
            <translation>프리셋의 아키텍처를 바꿨습니다. 실제 모델이 아니라 가정한 모델입니다.</translation>
        </message>
        <message>
            <source>A context of %1 tokens is longer than the model's maximum of %2 tokens.</source>
            <translation>컨텍스트 길이 %1 토큰은 모델의 최대 컨텍스트 길이인 %2 토큰보다 깁니다.</translation>
        </message>
        <message>
            <source>The model states no context limit (no max_position_embeddings), so %2 tokens is assumed. A context of %1 tokens is above it: a runtime that checks the limit will not start if the real limit is lower.</source>
            <translation>모델이 최대 컨텍스트 길이를 밝히지 않아(max_position_embeddings 없음) %2 토큰으로 가정합니다. 컨텍스트 길이 %1 토큰은 이 가정보다 깁니다. 실제 한도가 더 낮으면 한도를 검사하는 런타임은 시작하지 않습니다.</translation>
        </message>
        <message>
            <source>Tensor parallelism needs the %1 attention heads to divide by the GPU count (%2).</source>
            <translation>tensor parallelism(텐서 병렬)을 쓰려면 attention head 수(%1)가 GPU 수(%2)로 나누어떨어져야 합니다.</translation>
        </message>
        <message>
            <source>The scenario counts %1 machines, but a unified-memory or CPU-only machine is one device: the plan uses one. Plan several machines with memplan-cli cluster.</source>
            <translation>시나리오에는 장비가 %1대로 적혀 있지만, 통합 메모리 장비나 CPU 전용 장비는 장치 하나이므로 계획에는 한 대만 씁니다. 여러 대는 memplan-cli cluster로 계획하십시오.</translation>
        </message>
        <message>
            <source>%1 mixes tensor types: its size is an average, so a real file may differ by a few percent. Import the file for exact bytes.</source>
            <translation>%1 형식은 여러 텐서 형식을 섞어 씁니다. 크기가 평균값이므로 실제 파일과 몇 퍼센트 다를 수 있습니다. 정확한 바이트 수는 파일을 가져와 확인하십시오.</translation>
        </message>
        <message>
            <source>%1 does not use the sliding window of %2 models: every layer keeps the whole context.</source>
            <translation>%1 런타임은 %2 모델의 sliding window를 쓰지 않습니다. 모든 레이어가 컨텍스트 전체를 보관합니다.</translation>
        </message>
        <message>
            <source>%1: the loading peak (%2) exceeds the capacity although steady use would fit.</source>
            <translation>%1: 실행 중에는 들어가지만 로딩 중 최고점(%2)이 용량을 넘습니다.</translation>
        </message>
        <message>
            <source>layers on this device</source>
            <translation>이 장치의 레이어</translation>
        </message>
        <message>
            <source>%1 will not start: it has no %2 KV cache (kv_cache_dtype takes auto or an FP8 type).</source>
            <translation>%1 런타임은 시작하지 않습니다. %2 KV 캐시를 지원하지 않습니다(kv_cache_dtype은 auto나 FP8 형식만 받습니다).</translation>
        </message>
        <message>
            <source>Transformers will not run %1 weights: it dequantizes GGUF tensors when loading. Choose bf16, f16 or a format Transformers runs (GPTQ, AWQ, bitsandbytes, FP8).</source>
            <translation>Transformers는 %1 가중치로 실행하지 않습니다. GGUF 텐서를 로딩할 때 양자화를 풀기 때문입니다. bf16, f16 또는 Transformers가 실행하는 형식(GPTQ, AWQ, bitsandbytes, FP8)을 고르십시오.</translation>
        </message>
        <message>
            <source>Will not start: the %1 attention heads do not divide by a tensor parallelism of %2.</source>
            <translation>시작하지 않습니다. attention head 수(%1)가 tensor parallelism(텐서 병렬) 크기(%2)로 나누어떨어지지 않습니다.</translation>
        </message>
        <message>
            <source>%1 will not start: a context of %2 tokens is above the model's maximum of %3 tokens without rope scaling.</source>
            <translation>%1 런타임은 시작하지 않습니다. rope scaling 없이 컨텍스트 길이 %2 토큰이 모델의 최대 컨텍스트 길이인 %3 토큰을 넘습니다.</translation>
        </message>
        <message>
            <source>%1 will not start: it cannot run %2 models, whose cross-attention layers read the image. Transformers and SGLang run them.</source>
            <translation>%1은(는) 시작하지 않습니다. cross-attention 레이어로 이미지를 읽는 %2 모델을 실행하지 못합니다. Transformers와 SGLang은 실행합니다.</translation>
        </message>
        <message>
            <source>frozen base weights</source>
            <translation>고정된 base 가중치</translation>
        </message>
        <message>
            <source>trainable weights</source>
            <translation>학습하는 가중치</translation>
        </message>
        <message>
            <source>gradients</source>
            <translation>gradient</translation>
        </message>
        <message>
            <source>master weights (fp32)</source>
            <translation>master weight (fp32)</translation>
        </message>
        <message>
            <source>optimizer states</source>
            <translation>옵티마이저 상태</translation>
        </message>
        <message>
            <source>saved activations</source>
            <translation>저장된 activation</translation>
        </message>
        <message>
            <source>saved activations (one layer; checkpoints in host RAM)</source>
            <translation>저장된 activation (레이어 하나, checkpoint는 호스트 RAM)</translation>
        </message>
        <message>
            <source>logits and loss</source>
            <translation>logits와 loss</translation>
        </message>
        <message>
            <source>CUDA context and libraries</source>
            <translation>CUDA context와 라이브러리</translation>
        </message>
        <message>
            <source>gathered layers (ZeRO-3/FSDP)</source>
            <translation>모아 둔 레이어 (ZeRO-3/FSDP)</translation>
        </message>
        <message>
            <source>communication buckets</source>
            <translation>통신 bucket</translation>
        </message>
        <message>
            <source>optimizer step scratch (beyond freed activations)</source>
            <translation>옵티마이저 스텝 임시 버퍼 (해제된 activation을 넘는 부분)</translation>
        </message>
        <message>
            <source>NF4 dequantization buffer</source>
            <translation>NF4 역양자화 버퍼</translation>
        </message>
        <message>
            <source>training processes (Python, PyTorch, CUDA host side)</source>
            <translation>학습 프로세스 (Python, PyTorch, CUDA 호스트 측)</translation>
        </message>
        <message>
            <source>data loader and pinned batches</source>
            <translation>data loader와 pinned batch</translation>
        </message>
        <message>
            <source>checkpoint staging</source>
            <translation>checkpoint 저장용 staging 버퍼</translation>
        </message>
        <message>
            <source>offloaded optimizer states, master weights and fp32 gradients</source>
            <translation>오프로드된 옵티마이저 상태, master weight, fp32 gradient</translation>
        </message>
        <message>
            <source>offloaded parameters</source>
            <translation>오프로드된 parameter</translation>
        </message>
        <message>
            <source>offloaded activation checkpoints</source>
            <translation>오프로드된 activation checkpoint</translation>
        </message>
        <message>
            <source>MLP width</source>
            <translation>MLP 폭</translation>
        </message>
        <message>
            <source>query width (heads × head size), saved for the score matmul</source>
            <translation>query 폭(head 수 × head 차원), attention 점수 행렬곱을 위해 저장</translation>
        </message>
        <message>
            <source>key or value width</source>
            <translation>key 또는 value 폭</translation>
        </message>
        <message>
            <source>attention output width, saved for the output projection</source>
            <translation>attention 출력 폭, 출력 projection을 위해 저장</translation>
        </message>
        <message>
            <source>MLP tensors saved per width: gate, its SiLU and up (SwiGLU)</source>
            <translation>폭마다 저장하는 MLP 텐서 수: gate, gate의 SiLU, up (SwiGLU)</translation>
        </message>
        <message>
            <source>activations and logits, freed before the step</source>
            <translation>step 전에 해제되는 activation과 logits</translation>
        </message>
        <message>
            <source>batches prefetched per worker</source>
            <translation>worker마다 미리 준비하는 batch</translation>
        </message>
        <message>
            <source>bits per frozen weight (storage format)</source>
            <translation>고정 가중치당 비트 (저장 형식)</translation>
        </message>
        <message>
            <source>bytes of one whole layer's weights</source>
            <translation>레이어 하나 전체의 가중치 바이트</translation>
        </message>
        <message>
            <source>bytes per activation element</source>
            <translation>activation 원소당 바이트</translation>
        </message>
        <message>
            <source>bytes per gradient</source>
            <translation>gradient당 바이트</translation>
        </message>
        <message>
            <source>bytes per logit live at the loss</source>
            <translation>loss 계산 때 살아 있는 logits 원소당 바이트</translation>
        </message>
        <message>
            <source>bytes per saved weight</source>
            <translation>저장되는 가중치당 바이트</translation>
        </message>
        <message>
            <source>bytes per token of one layer, not recomputed</source>
            <translation>재계산하지 않을 때 레이어 하나의 토큰당 바이트</translation>
        </message>
        <message>
            <source>bytes per weight (compute copy)</source>
            <translation>가중치당 바이트 (계산용 사본)</translation>
        </message>
        <message>
            <source>data-loader workers per rank</source>
            <translation>rank마다 data-loader worker 수</translation>
        </message>
        <message>
            <source>data-parallel ranks</source>
            <translation>data parallel rank 수</translation>
        </message>
        <message>
            <source>device context, cuBLAS and kernels</source>
            <translation>장치 context, cuBLAS, kernel</translation>
        </message>
        <message>
            <source>host RAM of one training process</source>
            <translation>학습 프로세스 하나의 호스트 RAM</translation>
        </message>
        <message>
            <source>host RAM of one worker process</source>
            <translation>worker 프로세스 하나의 호스트 RAM</translation>
        </message>
        <message>
            <source>largest NF4 matrix, dequantized to bf16</source>
            <translation>bf16으로 역양자화한 가장 큰 NF4 행렬</translation>
        </message>
        <message>
            <source>layers gathered at once (current + prefetch)</source>
            <translation>한 번에 모으는 레이어 (현재 + prefetch)</translation>
        </message>
        <message>
            <source>layers the backward pass runs through</source>
            <translation>backward pass가 지나가는 레이어</translation>
        </message>
        <message>
            <source>micro-batch</source>
            <translation>micro-batch 크기</translation>
        </message>
        <message>
            <source>micro-batch (sequences per rank)</source>
            <translation>micro-batch (rank당 시퀀스)</translation>
        </message>
        <message>
            <source>optimizer bytes per trainable parameter</source>
            <translation>학습 parameter당 옵티마이저 바이트</translation>
        </message>
        <message>
            <source>parameters that do not train</source>
            <translation>학습하지 않는 parameter</translation>
        </message>
        <message>
            <source>ranks on this machine</source>
            <translation>이 장비의 rank 수</translation>
        </message>
        <message>
            <source>ranks sharing the gradients (TP × ZeRO-2+ shards)</source>
            <translation>gradient를 나눠 갖는 rank 수 (TP × ZeRO-2 이상 shard)</translation>
        </message>
        <message>
            <source>ranks sharing the gradients (TP only: accumulated unsharded in no_sync)</source>
            <translation>gradient를 나눠 갖는 rank 수 (TP만: no_sync 동안 샤딩하지 않은 채 누적)</translation>
        </message>
        <message>
            <source>parameters holding a gradient: every FSDP unit with a trainable parameter, frozen ones too</source>
            <translation>gradient를 갖는 parameter: 학습하는 parameter가 하나라도 든 FSDP 단위 전체 (학습하지 않는 parameter 포함)</translation>
        </message>
        <message>
            <source>the root unit&apos;s tables (embedding, final norm, head), gathered from forward to backward</source>
            <translation>forward pass부터 backward까지 모아 두는 최상위 FSDP 단위의 테이블 (임베딩, 마지막 정규화, 출력 head)</translation>
        </message>
        <message>
            <source>ranks sharing the optimizer states</source>
            <translation>옵티마이저 상태를 나눠 갖는 rank 수</translation>
        </message>
        <message>
            <source>ranks sharing the optimizer states (TP × ZeRO-1+ shards)</source>
            <translation>옵티마이저 상태를 나눠 갖는 rank 수 (TP × ZeRO-1 이상 shard)</translation>
        </message>
        <message>
            <source>ranks sharing the parameters</source>
            <translation>parameter를 나눠 갖는 rank 수</translation>
        </message>
        <message>
            <source>ranks sharing the parameters (TP × ZeRO-3 shards)</source>
            <translation>parameter를 나눠 갖는 rank 수 (TP × ZeRO-3 shard)</translation>
        </message>
        <message>
            <source>temporary bytes per parameter in the step</source>
            <translation>step에서 parameter당 임시 바이트</translation>
        </message>
        <message>
            <source>tensor-parallel ranks</source>
            <translation>tensor parallel rank 수</translation>
        </message>
        <message>
            <source>tokens per sequence</source>
            <translation>시퀀스당 토큰</translation>
        </message>
        <message>
            <source>trainable parameters</source>
            <translation>학습 parameter</translation>
        </message>
        <message>
            <source>repacked weights (CPU_REPACK)</source>
            <translation>CPU용으로 재배열한 가중치 (CPU_REPACK)</translation>
        </message>
        <message>
            <source>prompt cache (llama-server --cache-ram)</source>
            <translation>프롬프트 캐시 (llama-server --cache-ram)</translation>
        </message>
        <message>
            <source>context checkpoints (sliding-window state)</source>
            <translation>컨텍스트 체크포인트 (슬라이딩 윈도 상태)</translation>
        </message>
        <message>
            <source>matrices the CPU backend repacks</source>
            <translation>CPU backend가 재배열하는 행렬</translation>
        </message>
        <message>
            <source>of the mapped file: the repacked tensors' originals, page cache the kernel may drop</source>
            <translation>매핑된 파일 중 재배열된 텐서의 원본: 커널이 내려놓을 수 있는 페이지 캐시</translation>
        </message>
        <message>
            <source>repacked tensors at the file's end, outside the mapped span</source>
            <translation>파일 끝에 있어 매핑 범위 밖에 놓인 재배열 텐서</translation>
        </message>
        <message>
            <source>bits per weight, summed tensor by tensor over the mix</source>
            <translation>가중치당 비트 (혼합 형식을 텐서별로 합산)</translation>
        </message>
        <message>
            <source>bits per expert weight, summed tensor by tensor over the mix</source>
            <translation>expert 가중치당 비트 (혼합 형식을 텐서별로 합산)</translation>
        </message>
        <message>
            <source>without mmap: the tied output head's extra copy</source>
            <translation>mmap 없이 읽을 때: 임베딩과 공유하는 출력 헤드의 추가 사본</translation>
        </message>
        <message>
            <source>1: the mapped file stays resident beside them</source>
            <translation>1: 매핑된 파일도 곁에 그대로 상주함</translation>
        </message>
        <message>
            <source>limit in bytes (--cache-ram MiB)</source>
            <translation>바이트 단위 한도 (--cache-ram MiB)</translation>
        </message>
        <message>
            <source>checkpoints per slot (--ctx-checkpoints)</source>
            <translation>슬롯당 체크포인트 수 (--ctx-checkpoints)</translation>
        </message>
        <message>
            <source>slots</source>
            <translation>슬롯 수</translation>
        </message>
        <message>
            <source>Speed: no host CPU platform preset, so host RAM is taken as dual-channel DDR5-5600 (89.6 GB/s). Set the host platform for your machine's channels and speed.</source>
            <translation>속도: 호스트 CPU 플랫폼 프리셋이 없어 호스트 RAM을 듀얼 채널 DDR5-5600(89.6 GB/s)으로 가정했습니다. 장비의 채널 수와 속도에 맞는 호스트 플랫폼을 지정하십시오.</translation>
        </message>
        <message>
            <source>Speed: no host CPU is stated, so the work the CPU does is timed on 8 cores at 4.5 GHz with AVX2. State your CPU's cores, clock and vector class in the scenario (host.cpu).</source>
            <translation>속도: 호스트 CPU가 지정되지 않아 CPU가 맡는 연산을 4.5 GHz 코어 8개(AVX2) 기준으로 계산했습니다. 시나리오의 host.cpu에 CPU의 코어 수, 클럭, 벡터 명령어 종류를 지정하십시오.</translation>
        </message>
        <message>
            <source>Speed: %1 states no compute rate, so its prompt rate is taken from its memory bandwidth times the FLOP per byte of the GPU presets, a wide range. Choose a preset that has the rate for a narrower one.</source>
            <translation>속도: %1에는 연산 성능 수치가 없어, 프롬프트 처리 속도를 메모리 대역폭에 GPU 프리셋들의 바이트당 FLOP을 곱해 구했습니다. 범위가 넓습니다. 더 좁은 범위를 원하면 연산 성능이 적힌 프리셋을 고르십시오.</translation>
        </message>
        <message>
            <source>Paged optimizer: its states live in CUDA unified memory and move to host RAM only when the GPU runs out, at the cost of PCIe transfers; the estimate counts them on the GPU.</source>
            <translation>페이지드 옵티마이저: 옵티마이저 상태는 CUDA 통합 메모리에 있고 GPU가 부족할 때만 PCIe 전송 비용을 치르며 호스트 RAM으로 옮겨집니다. 산정에서는 GPU에 있는 것으로 셉니다.</translation>
        </message>
        <message>
            <source>ZeRO/FSDP over a single rank shards nothing: use several GPUs or offload.</source>
            <translation>랭크가 하나뿐이면 ZeRO/FSDP는 아무것도 나누지 못합니다. GPU를 여러 개 쓰거나 offload를 사용하십시오.</translation>
        </message>
        <message>
            <source>%1 builds the model with an output head of its own: the head the checkpoint ties to the embedding becomes a second table of %2 parameters.</source>
            <translation>%1은(는) 모델에 별도의 출력 헤드를 만듭니다. 체크포인트에서 임베딩과 공유하던 출력 헤드가 파라미터 %2개짜리 표로 하나 더 생깁니다.</translation>
        </message>
        <message>
            <source>%1 — calibrated on %2</source>
            <translation>%1 — %2에서 보정됨</translation>
        </message>
        <message>
            <source>NCCL buffers</source>
            <translation>NCCL 버퍼</translation>
        </message>
        <message>
            <source>activations on this GPU</source>
            <translation>이 GPU의 activation</translation>
        </message>
        <message>
            <source>parameters staged at once (ZeRO-3/FSDP: all trainable ones; else the largest tensor)</source>
            <translation>한 번에 준비하는 parameter (ZeRO-3/FSDP: 학습하는 parameter 전부, 그 밖에는 가장 큰 텐서)</translation>
        </message>
        <message>
            <source>one layer's gradients while they are reduced</source>
            <translation>reduce하는 동안의 레이어 하나 gradient</translation>
        </message>
        <message>
            <source>ZeRO's reduce and all-gather buckets</source>
            <translation>ZeRO의 reduce와 all-gather bucket</translation>
        </message>
        <message>
            <source>%1: %2 of it are the mapped file's originals of the repacked weights. The kernel drops them when RAM runs short, so they are shown but not required (--no-mmap never loads them).</source>
            <translation>%1: 그중 %2은(는) 재배열(repack)된 가중치의 원본으로, 매핑된 파일에 남아 있는 페이지입니다. RAM이 모자라면 커널이 이 페이지를 내려놓으므로 표시는 하지만 필요한 메모리에는 넣지 않습니다(--no-mmap이면 아예 올리지 않습니다).</translation>
        </message>
        <message>
            <source>%1 %2 is older than the oldest release the planner models (%3): it is sized with that release's rules, which may not match.</source>
            <translation>%1 %2은(는) 플래너가 모델링하는 가장 오래된 릴리스(%3)보다 오래되었습니다. 그 릴리스의 규칙으로 계산했으므로 실제와 다를 수 있습니다.</translation>
        </message>
        <message>
            <source>%1 is sized as %2 because its per-tensor types are not modelled (%3), so the weights' range is widened to %4-%5 % of the figure. Import the file for exact bytes.</source>
            <translation>%1은(는) 텐서별 양자화 형식이 모델링되지 않아 %2(으)로 크기를 잡았습니다(%3). 그래서 가중치 추정값의 범위를 수치의 %4-%5 %로 넓혔습니다. 정확한 바이트 수는 파일을 불러와서 확인하십시오.</translation>
        </message>
        <message>
            <source>%1 is not a GGUF recipe the planner knows: it is sized as %2, the closest stock recipe with the same bits in its name, and the weights' range is widened to %3-%4 % of the figure. Import the file for exact bytes.</source>
            <translation>%1은(는) 플래너가 아는 GGUF 양자화 구성이 아닙니다. 이름의 비트 수가 같은 가장 가까운 기본 구성인 %2(으)로 크기를 잡고, 가중치 추정값의 범위를 수치의 %3-%4 %로 넓혔습니다. 정확한 바이트 수는 파일을 불러와서 확인하십시오.</translation>
        </message>
        <message>
            <source>The tensor override %1 also matches %2. Overrides place only the routed experts here, so tensors like that one stay with their layer.</source>
            <translation>텐서 배치 지정 %1은(는) %2에도 해당합니다. 플래너는 이 지정으로 라우팅되는 expert만 옮기므로, 이런 텐서는 자기 레이어와 같은 곳에 남습니다.</translation>
        </message>
        <message>
            <source>The tensor override %1 names a GPU this scenario does not have (it has %2), so the tensors it matches stay with their layer.</source>
            <translation>텐서 배치 지정 %1은(는) 이 시나리오에 없는 GPU를 가리킵니다(GPU %2개). 그래서 해당 텐서는 자기 레이어와 같은 곳에 남습니다.</translation>
        </message>
        <message>
            <source>The planner knows no download of %1 in %2: replace the placeholder %3 in the command with the repository or file you use.</source>
            <translation>플래너가 아는 %1의 %2 다운로드가 없습니다. 명령의 자리 표시 %3 대신 실제로 쓰는 저장소나 파일 이름을 넣으십시오.</translation>
        </message>
    </context>
    <context>
        <name>Guest</name>
        <message>
            <source>Weights</source>
            <translation>가중치</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>KV 캐시</translation>
        </message>
        <message>
            <source>Activation</source>
            <translation>activation</translation>
        </message>
        <message>
            <source>Workspace</source>
            <translation>workspace</translation>
        </message>
        <message>
            <source>Allocator</source>
            <translation>allocator 여유</translation>
        </message>
        <message>
            <source>System</source>
            <translation>시스템 몫</translation>
        </message>
    </context>
    <context>
        <name>PdfText</name>
        <message>
            <source>Generated %1 by memplan %2 (LLM Memory Planner)</source>
            <translation>%1에 memplan %2(LLM Memory Planner)로 생성</translation>
        </message>
        <message>
            <source>memplan %1 — %2</source>
            <translation>memplan %1 — %2</translation>
        </message>
        <message>
            <source>Page %1 of %2</source>
            <translation>%2쪽 중 %1쪽</translation>
        </message>
    </context>
    <context>
        <name>WhatIfPanel</name>
        <message>
            <source>%1 — %2 bits</source>
            <translation>%1 — %2비트</translation>
        </message>
    </context>
    <context>
        <name>WriterText</name>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1에 쓸 수 없습니다: %2</translation>
        </message>
        <message>
            <source>no file name given</source>
            <translation>파일 이름이 없습니다</translation>
        </message>
    </context>
    <context>
        <name>Settings</name>
        <message>
            <source>%1 is not a regular file of at most 16 MiB; settings are neither read nor saved in this session</source>
            <translation>%1은(는) 16 MiB 이하의 일반 파일이 아닙니다. 이번 세션에서는 설정을 읽지도 저장하지도 않습니다</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>--lang must be ko or en, not '%1'</source>
            <translation>--lang은 ko 또는 en이어야 합니다('%1'은(는) 안 됨)</translation>
        </message>
        <message>
            <source>LLM Memory Planner: what a model needs in memory, and whether it fits.</source>
            <translation>LLM Memory Planner: 모델이 메모리를 얼마나 필요로 하는지, 그리고 들어가는지 계산합니다.</translation>
        </message>
        <message>
            <source>Open this scenario file.</source>
            <translation>이 시나리오 파일을 엽니다.</translation>
        </message>
        <message>
            <source>FILE</source>
            <translation>파일</translation>
        </message>
        <message>
            <source>Render the window to this PNG and exit.</source>
            <translation>창을 이 PNG 파일로 그린 뒤 종료합니다.</translation>
        </message>
        <message>
            <source>OUT.png</source>
            <translation>출력.png</translation>
        </message>
        <message>
            <source>Also load presets from DIR.</source>
            <translation>DIR의 프리셋도 불러옵니다.</translation>
        </message>
        <message>
            <source>DIR</source>
            <translation>DIR</translation>
        </message>
        <message>
            <source>Interface language: ko or en.</source>
            <translation>화면 언어: ko 또는 en.</translation>
        </message>
        <message>
            <source>LANG</source>
            <translation>언어</translation>
        </message>
        <message>
            <source>Window size for --screenshot (WxH).</source>
            <translation>--screenshot용 창 크기(가로x세로).</translation>
        </message>
        <message>
            <source>WxH</source>
            <translation>가로x세로</translation>
        </message>
        <message>
            <source>Open the classroom panel on this lesson.</source>
            <translation>이 수업으로 수업 패널을 엽니다.</translation>
        </message>
        <message>
            <source>ID</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>With --lesson: start at this step (1 = the goal).</source>
            <translation>--lesson과 함께: 이 단계에서 시작합니다(1 = 목표).</translation>
        </message>
        <message>
            <source>N</source>
            <translation>N</translation>
        </message>
        <message>
            <source>Start in presentation mode.</source>
            <translation>발표 모드로 시작합니다.</translation>
        </message>
        <message>
            <source>--step must be between 1 and %1</source>
            <translation>--step은 1에서 %1 사이여야 합니다</translation>
        </message>
        <message>
            <source>there is no lesson '%1'</source>
            <translation>'%1' 수업이 없습니다</translation>
        </message>
        <message>
            <source>--size must look like 1400x900</source>
            <translation>--size는 1400x900 같은 형식이어야 합니다</translation>
        </message>
        <message>
            <source>cannot write screenshot %1</source>
            <translation>스크린숏 %1을(를) 쓸 수 없습니다</translation>
        </message>
        <message>
            <source>ignoring the saved language '%1' (not ko or en)</source>
            <translation>저장된 언어 설정 '%1'은(는) ko도 en도 아니어서 무시합니다</translation>
        </message>
        <message>
            <source>Compare this runtime log with the scenario and show what it measured beside the plan.</source>
            <translation>이 런타임 로그를 시나리오와 비교해 측정값을 계획 옆에 보여 줍니다.</translation>
        </message>
        <message>
            <source>With --lesson: write the lesson as a PDF handout and exit.</source>
            <translation>--lesson과 함께: 수업을 PDF 유인물로 저장하고 끝냅니다.</translation>
        </message>
        <message>
            <source>OUT.pdf</source>
            <translation>OUT.pdf</translation>
        </message>
        <message>
            <source>With --lesson: write the lesson as 16:9 PDF slides and exit.</source>
            <translation>--lesson과 함께: 수업을 16:9 PDF 슬라이드로 저장하고 끝냅니다.</translation>
        </message>
        <message>
            <source>--handout and --slides need --lesson ID</source>
            <translation>--handout과 --slides에는 --lesson ID가 필요합니다</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui</name>
        <message>
            <source>Wrote %1</source>
            <translation>%1을(를) 썼습니다</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>내보내기 실패</translation>
        </message>
        <message>
            <source>Nothing to export</source>
            <translation>내보낼 것이 없습니다</translation>
        </message>
        <message>
            <source>The current scenario cannot be estimated:
%1</source>
            <translation>현재 시나리오를 산정할 수 없습니다:
%1</translation>
        </message>
        <message>
            <source>PDF, A4 (*.pdf)</source>
            <translation>PDF, A4 (*.pdf)</translation>
        </message>
        <message>
            <source>PDF, US Letter (*.pdf)</source>
            <translation>PDF, US Letter (*.pdf)</translation>
        </message>
        <message>
            <source>Export Report</source>
            <translation>보고서 내보내기</translation>
        </message>
        <message>
            <source>Export Estimate as JSON</source>
            <translation>산정 결과를 JSON으로 내보내기</translation>
        </message>
        <message>
            <source>Scenario and estimate (*.json)</source>
            <translation>시나리오와 산정 결과 (*.json)</translation>
        </message>
        <message>
            <source>Export Breakdown as CSV</source>
            <translation>내역을 CSV로 내보내기</translation>
        </message>
        <message>
            <source>Comma-separated values (*.csv)</source>
            <translation>쉼표로 구분한 값 (*.csv)</translation>
        </message>
        <message>
            <source>PNG image (*.png)</source>
            <translation>PNG 이미지 (*.png)</translation>
        </message>
        <message>
            <source>SVG drawing (*.svg)</source>
            <translation>SVG 그림 (*.svg)</translation>
        </message>
        <message>
            <source>Export &amp;Report (PDF)…</source>
            <translation>보고서 내보내기(PDF)(&amp;R)…</translation>
        </message>
        <message>
            <source>Export &amp;JSON…</source>
            <translation>JSON 내보내기(&amp;J)…</translation>
        </message>
        <message>
            <source>Export &amp;CSV…</source>
            <translation>CSV 내보내기(&amp;C)…</translation>
        </message>
        <message>
            <source>Export Pool &amp;Chart (PNG/SVG)…</source>
            <translation>풀 차트 내보내기(PNG/SVG)(&amp;C)…</translation>
        </message>
        <message>
            <source>Export Pool Chart</source>
            <translation>풀 차트 내보내기</translation>
        </message>
        <message>
            <source>Export &amp;Sweep Chart (PNG/SVG)…</source>
            <translation>스윕 차트 내보내기(PNG/SVG)(&amp;S)…</translation>
        </message>
        <message>
            <source>Export Sweep Chart</source>
            <translation>스윕 차트 내보내기</translation>
        </message>
        <message>
            <source>calculated</source>
            <translation>계산값</translation>
        </message>
        <message>
            <source>estimated</source>
            <translation>추정값</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>측정값</translation>
        </message>
        <message>
            <source>GPU memory</source>
            <translation>GPU 메모리</translation>
        </message>
        <message>
            <source>host RAM</source>
            <translation>호스트 RAM</translation>
        </message>
        <message>
            <source>unified memory</source>
            <translation>통합 메모리</translation>
        </message>
        <message>
            <source>discrete GPU</source>
            <translation>이산 GPU</translation>
        </message>
        <message>
            <source>unified memory machine</source>
            <translation>통합 메모리 장비</translation>
        </message>
        <message>
            <source>CPU only</source>
            <translation>CPU만 사용</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>예</translation>
        </message>
        <message>
            <source>no</source>
            <translation>아니요</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>(없음)</translation>
        </message>
        <message>
            <source>%1 (%2 bits per weight)</source>
            <translation>%1 (가중치당 %2비트)</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>판정</translation>
        </message>
        <message>
            <source>Fits: %1 free on %2.</source>
            <translation>들어감: %2에 %1 남음.</translation>
        </message>
        <message>
            <source>%1 short on %2</source>
            <translation>%2에서 %1 부족</translation>
        </message>
        <message>
            <source>Does not fit: the KV cache holds %1 tokens, the workload needs %2.</source>
            <translation>들어가지 않음: KV 캐시에는 %1 토큰이 들어가는데 작업량은 %2 토큰이 필요합니다.</translation>
        </message>
        <message>
            <source>Does not fit: %1.</source>
            <translation>들어가지 않음: %1.</translation>
        </message>
        <message>
            <source>Total used</source>
            <translation>사용량 합계</translation>
        </message>
        <message>
            <source>Usable limit</source>
            <translation>사용 가능 한도</translation>
        </message>
        <message>
            <source>Physical capacity</source>
            <translation>물리 용량</translation>
        </message>
        <message>
            <source>Headroom</source>
            <translation>여유 용량</translation>
        </message>
        <message>
            <source>Shortfall</source>
            <translation>부족량</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>가중치</translation>
        </message>
        <message>
            <source>KV cache per token</source>
            <translation>토큰당 KV 캐시</translation>
        </message>
        <message>
            <source>KV tokens requested / that fit</source>
            <translation>요청한 KV 토큰 / 들어가는 토큰</translation>
        </message>
        <message>
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>Peak while loading</source>
            <translation>로딩 중 최고점</translation>
        </message>
        <message>
            <source>Pool</source>
            <translation>메모리 풀</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>종류</translation>
        </message>
        <message>
            <source>Used</source>
            <translation>사용</translation>
        </message>
        <message>
            <source>Usable</source>
            <translation>사용 가능</translation>
        </message>
        <message>
            <source>Capacity</source>
            <translation>용량</translation>
        </message>
        <message>
            <source>Headroom / shortfall</source>
            <translation>여유 용량 / 부족량</translation>
        </message>
        <message>
            <source>+%1</source>
            <translation>+%1</translation>
        </message>
        <message>
            <source>−%1</source>
            <translation>−%1</translation>
        </message>
        <message>
            <source>Scenario</source>
            <translation>시나리오</translation>
        </message>
        <message>
            <source> (hypothetical: architecture changed by the scenario)</source>
            <translation> (가정: 시나리오가 구조를 바꿈)</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>모델</translation>
        </message>
        <message>
            <source>imported from %1</source>
            <translation>%1에서 가져옴</translation>
        </message>
        <message>
            <source>preset %1, from %2</source>
            <translation>프리셋 %1, 출처 %2</translation>
        </message>
        <message>
            <source>(no source)</source>
            <translation>(출처 없음)</translation>
        </message>
        <message>
            <source>inline configuration</source>
            <translation>직접 적은 구성</translation>
        </message>
        <message>
            <source>; overrides: %1</source>
            <translation>; 덮어쓴 값: %1</translation>
        </message>
        <message>
            <source>Model source</source>
            <translation>모델 출처</translation>
        </message>
        <message>
            <source>%1 computed from the architecture</source>
            <translation>구조에서 계산한 %1</translation>
        </message>
        <message>
            <source>%1 stated (%2 computed)</source>
            <translation>명시된 값 %1 (계산값 %2)</translation>
        </message>
        <message>
            <source>; %1 active per token</source>
            <translation>; 토큰당 활성 %1</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>파라미터</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1, %2</translation>
        </message>
        <message>
            <source>Weight format</source>
            <translation>가중치 형식</translation>
        </message>
        <message>
            <source>Embedding format</source>
            <translation>임베딩 형식</translation>
        </message>
        <message>
            <source>Expert format</source>
            <translation>expert 형식</translation>
        </message>
        <message>
            <source>KV cache type</source>
            <translation>KV 캐시 형식</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>컨텍스트 길이</translation>
        </message>
        <message>
            <source>%1 tokens per sequence (model maximum %2)</source>
            <translation>시퀀스당 %1 토큰(모델 최대 %2)</translation>
        </message>
        <message>
            <source>Concurrency</source>
            <translation>동시 시퀀스</translation>
        </message>
        <message>
            <source>%1 sequences</source>
            <translation>시퀀스 %1개</translation>
        </message>
        <message>
            <source>Shared prefix</source>
            <translation>공유 prefix</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 토큰</translation>
        </message>
        <message>
            <source>Prefill batch</source>
            <translation>prefill batch</translation>
        </message>
        <message>
            <source>%1 × %2</source>
            <translation>%1 × %2</translation>
        </message>
        <message>
            <source>, %1 each</source>
            <translation>, 각 %1</translation>
        </message>
        <message>
            <source>Hardware</source>
            <translation>하드웨어</translation>
        </message>
        <message>
            <source>Host RAM</source>
            <translation>호스트 RAM</translation>
        </message>
        <message>
            <source>%1, %2 reserved for the system</source>
            <translation>%1, 시스템용 예약 %2</translation>
        </message>
        <message>
            <source>Runtime profile</source>
            <translation>런타임 프로필</translation>
        </message>
        <message>
            <source>Runtime settings</source>
            <translation>런타임 설정</translation>
        </message>
        <message>
            <source>%1 % of the layers on the GPU</source>
            <translation>레이어의 %1 %를 GPU에</translation>
        </message>
        <message>
            <source>; KV cache on the GPU: %1</source>
            <translation>; GPU의 KV 캐시: %1</translation>
        </message>
        <message>
            <source>; routed experts in host RAM</source>
            <translation>; 라우팅되는 expert는 호스트 RAM에</translation>
        </message>
        <message>
            <source>; tensor parallel</source>
            <translation>; 텐서 병렬</translation>
        </message>
        <message>
            <source>; layer split</source>
            <translation>; 레이어 분할</translation>
        </message>
        <message>
            <source>; row split (each GPU holds its rows of every matrix)</source>
            <translation>; 행 분할 (GPU마다 모든 행렬의 자기 몫 행을 가짐)</translation>
        </message>
        <message>
            <source>Placement</source>
            <translation>배치</translation>
        </message>
        <message>
            <source>Equivalent command</source>
            <translation>같은 뜻의 명령</translation>
        </message>
        <message>
            <source>Before running it</source>
            <translation>실행하기 전에</translation>
        </message>
        <message>
            <source>Breakdown</source>
            <translation>내역</translation>
        </message>
        <message>
            <source>Every figure with its formula, the values put into it and how it was obtained. Estimated figures give the range the runtime is expected to stay in.</source>
            <translation>모든 수치를 그 식, 대입한 값, 얻은 방법과 함께 보여 줍니다. 추정값에는 런타임이 머물 것으로 예상되는 범위를 붙입니다.</translation>
        </message>
        <message>
            <source>Guest</source>
            <translation>손님</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>항목</translation>
        </message>
        <message>
            <source>GiB</source>
            <translation>GiB</translation>
        </message>
        <message>
            <source>GB</source>
            <translation>GB</translation>
        </message>
        <message>
            <source>Evidence</source>
            <translation>근거</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>식</translation>
        </message>
        <message>
            <source>Assumptions and limits</source>
            <translation>가정과 한계</translation>
        </message>
        <message>
            <source>Weights are parameters × bits per weight / 8 for each part of the model; an imported file replaces this with the sizes its header states.</source>
            <translation>가중치는 모델의 각 부분마다 파라미터 × 가중치당 비트 / 8로 계산합니다. 파일을 가져오면 헤더에 적힌 크기로 대신합니다.</translation>
        </message>
        <message>
            <source>The KV cache is layers × 2 × KV heads × head dimension × bytes per element × tokens, allocated the way the runtime profile describes.</source>
            <translation>KV 캐시는 레이어 × 2 × KV head × head 차원 × 원소당 바이트 × 토큰이며, 런타임 프로필에 적힌 방식으로 할당합니다.</translation>
        </message>
        <message>
            <source>Activation, workspace, allocator slack and the system share are estimates from the runtime profile (%1); real runs vary within the stated ranges.</source>
            <translation>activation, workspace, allocator 여유, 시스템 몫은 런타임 프로필(%1)에서 나온 추정값이며, 실제 실행은 밝힌 범위 안에서 달라집니다.</translation>
        </message>
        <message>
            <source>Decoder layers are treated as uniform; several GPUs share the GPU layers evenly.</source>
            <translation>디코더 레이어는 모두 같다고 보고, GPU가 여러 개면 GPU 레이어를 고르게 나눕니다.</translation>
        </message>
        <message>
            <source>Memory fragmentation over long runs, other programs on the GPU and driver updates are not modelled; keep some headroom.</source>
            <translation>오래 돌 때 생기는 단편화, GPU의 다른 프로그램, 드라이버 업데이트는 반영하지 않습니다. 여유 용량을 남겨 두십시오.</translation>
        </message>
        <message>
            <source>The estimate covers inference only: no training, no fine-tuning.</source>
            <translation>이 산정 결과는 추론만 다룹니다. 학습과 미세 조정은 포함하지 않습니다.</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>경고: %1</translation>
        </message>
        <message>
            <source>Memory sizing report</source>
            <translation>메모리 산정 보고서</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%2의 %1</translation>
        </message>
        <message>
            <source>Memory by pool</source>
            <translation>풀별 메모리</translation>
        </message>
        <message>
            <source>Memory against context length</source>
            <translation>컨텍스트 길이에 따른 메모리</translation>
        </message>
        <message>
            <source>The main pool (%1) as the context grows, everything else unchanged.</source>
            <translation>다른 조건은 그대로 두고 컨텍스트가 길어질 때의 주 풀(%1)입니다.</translation>
        </message>
        <message>
            <source>The largest context that fits is %1 tokens.</source>
            <translation>들어가는 최대 컨텍스트는 %1 토큰입니다.</translation>
        </message>
        <message>
            <source>Suggestions</source>
            <translation>제안</translation>
        </message>
        <message>
            <source>No suggestions.</source>
            <translation>제안 없음.</translation>
        </message>
        <message>
            <source>Units</source>
            <translation>단위</translation>
        </message>
        <message>
            <source>Output head format</source>
            <translation>출력 헤드 형식</translation>
        </message>
        <message>
            <source>%1 while loading: the peak of %2 is over the %3 usable</source>
            <translation>%1: 로딩 중 최고점(%2)이 사용 가능 한도(%3)보다 큽니다</translation>
        </message>
        <message>
            <source>1 sequence</source>
            <translation>시퀀스 1개</translation>
        </message>
        <message>
            <source>Recommendation: runs as configured. %1</source>
            <translation>권장: 설정한 그대로 실행됩니다. %1</translation>
        </message>
        <message>
            <source>Recommendation: use %1 × %2, or a smaller weight format or context.</source>
            <translation>권장: %2 %1대를 쓰거나, 더 작은 가중치 형식이나 컨텍스트를 쓰십시오.</translation>
        </message>
        <message>
            <source>Recommendation: shorten the context to %1 tokens per sequence, or use a smaller weight format.</source>
            <translation>권장: 컨텍스트를 시퀀스당 %1 토큰으로 줄이거나 더 작은 가중치 형식을 쓰십시오.</translation>
        </message>
        <message>
            <source>Recommendation: choose a smaller model or weight format, or a machine with more memory.</source>
            <translation>권장: 더 작은 모델이나 가중치 형식, 또는 메모리가 더 큰 장비를 고르십시오.</translation>
        </message>
        <message>
            <source>Each bar is one memory pool, stacked by guest, with its total above it. The solid line is the physical capacity, the dashed line the limit the runtime may fill; anything above it is hatched red.</source>
            <translation>막대 하나가 메모리 풀 하나이며 손님별로 쌓여 있고, 위에 합계가 있습니다. 실선은 물리 용량, 점선은 런타임이 채울 수 있는 한도입니다. 그 위를 넘는 부분은 빨간 빗금으로 표시합니다.</translation>
        </message>
        <message>
            <source>Each bar is one memory pool, stacked by guest, with its total above it. The solid line is the physical capacity; anything above it is hatched red.</source>
            <translation>막대 하나가 메모리 풀 하나이며 손님별로 쌓여 있고, 위에 합계가 있습니다. 실선은 물리 용량입니다. 그 위를 넘는 부분은 빨간 빗금으로 표시합니다.</translation>
        </message>
        <message>
            <source>Binary units: 1 GiB = 1024³ bytes = 1,073,741,824 bytes (also KiB, MiB). Decimal units: 1 GB = 1000³ bytes = 1,000,000,000 bytes, as GPU and RAM vendors label memory. So 16 GB = 14.90 GiB and 16 GiB = 17.18 GB. A GPU sold as "24 GB" has 24 GiB of memory, of which the driver reports a little less as its total. Figures are given as %1 with the other unit in brackets.</source>
            <translation>2진 단위: 1 GiB = 1024³바이트 = 1,073,741,824바이트입니다(KiB, MiB도 같습니다). 10진 단위: 1 GB = 1000³바이트 = 1,000,000,000바이트이며 GPU와 RAM 제조사가 메모리를 표기하는 방식입니다. 따라서 16 GB = 14.90 GiB이고 16 GiB = 17.18 GB입니다. "24 GB"로 판매되는 GPU에는 24 GiB의 메모리가 있고, 드라이버는 그보다 조금 작은 값을 전체 용량으로 보고합니다. 수치는 %1(으)로 적고 다른 단위를 괄호 안에 적습니다.</translation>
        </message>
        <message>
            <source>Trainable parameters</source>
            <translation>학습 parameter 수</translation>
        </message>
        <message>
            <source>Model states per GPU</source>
            <translation>GPU당 model state</translation>
        </message>
        <message>
            <source>Activations and logits per GPU</source>
            <translation>GPU당 activation과 logits</translation>
        </message>
        <message>
            <source>Micro-batch × sequence</source>
            <translation>micro-batch × 시퀀스</translation>
        </message>
        <message>
            <source>A training estimate is the peak of one optimizer step per GPU; gradient accumulation does not raise it.</source>
            <translation>학습 산정 결과는 GPU마다 옵티마이저 한 스텝의 최고점입니다. gradient accumulation은 이 최고점을 높이지 않습니다.</translation>
        </message>
        <message>
            <source>For training, memplan-cli solve max-micro-batch and max-sequence give the largest micro-batch and sequence length that fit.</source>
            <translation>학습에서는 memplan-cli solve max-micro-batch와 max-sequence가 들어가는 가장 큰 micro-batch와 시퀀스 길이를 알려 줍니다.</translation>
        </message>
        <message>
            <source>Runtime overheads</source>
            <translation>런타임 오버헤드</translation>
        </message>
        <message>
            <source>calibrated on this machine from the log %1: the workspace and system share are its measured figures</source>
            <translation>이 장비에서 로그 %1(으)로 보정했습니다. workspace와 시스템 몫은 로그의 측정값입니다</translation>
        </message>
        <message>
            <source>, set by %1</source>
            <translation>, 제한 요인: %1</translation>
        </message>
        <message>
            <source>%1: reads %2 GB per decode step from %3 at %4 GB/s (%5); decode efficiency %6–%7 (middle %8), from %9.</source>
            <translation>%1: decode 단계마다 %3에서 %2 GB를 %4 GB/s로 읽습니다(%5). decode 효율은 %6–%7(중간 %8)이며 근거는 %9입니다.</translation>
        </message>
        <message>
            <source>The expected figure reads %1 GB: the sequences&apos; tokens pick different experts, and together they touch more of them.</source>
            <translation>예상값은 %1 GB를 읽습니다. 시퀀스마다 토큰이 서로 다른 expert를 고르므로, 함께 처리하면 더 많은 expert를 읽게 됩니다.</translation>
        </message>
        <message>
            <source>Offload cliff: %1 of %2 layers sit in host RAM. They take %3 % of each decode step's time at the bound, because host RAM and the host link are many times slower than GPU memory.</source>
            <translation>오프로드 절벽: 레이어 %2개 중 %1개가 호스트 RAM에 있습니다. 호스트 RAM과 호스트 연결은 GPU 메모리보다 몇 배나 느려서, 상한 기준으로 decode 단계 시간의 %3%를 이 레이어들이 차지합니다.</translation>
        </message>
        <message>
            <source>%1 of %2 layers on the GPU: about %3 per user (bound %4)%5</source>
            <translation>GPU에 레이어 %2개 중 %1개: 시퀀스당 약 %3 (상한 %4)%5</translation>
        </message>
        <message>
            <source>; fits</source>
            <translation>, 들어감</translation>
        </message>
        <message>
            <source>; does not fit in memory</source>
            <translation>, 메모리에 들어가지 않음</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>속도</translation>
        </message>
        <message>
            <source>No speed figures for this plan (%1).</source>
            <translation>이 구성에는 속도 수치가 없습니다(%1).</translation>
        </message>
        <message>
            <source>Capacity decides whether the model runs; bandwidth decides how fast. Each figure has a bound, the physical ceiling: the bytes one step reads divided by the bandwidth of the memory they sit in, or the arithmetic divided by the dense throughput, whichever takes longer. The expected value takes the bound's time over the share of it this runtime and backend reached in published measurements, plus what every step costs whatever its size: launching each layer's kernels, the runtime's own work, hand-overs between GPU and CPU (calculated bound, estimated range).</source>
            <translation>용량은 모델이 돌아가는지를 정하고, 대역폭은 얼마나 빠른지를 정합니다. 각 수치에는 물리적 한계인 상한이 있습니다. 한 단계가 읽는 바이트를 그 바이트가 놓인 메모리의 대역폭으로 나눈 시간과, 연산량을 dense 처리량으로 나눈 시간 중 더 긴 쪽으로 정합니다. 예상값은 상한의 시간을 이 런타임과 backend가 공개된 측정에서 상한에 다가간 비율로 나누고, 크기와 상관없이 스텝마다 드는 비용(레이어마다 커널을 띄우는 일, 런타임 자체의 일, GPU와 CPU 사이에서 넘기는 일)을 더한 값입니다(상한은 계산값, 범위는 추정값).</translation>
        </message>
        <message>
            <source>Decode per sequence</source>
            <translation>시퀀스당 decode</translation>
        </message>
        <message>
            <source>Decode, all sequences</source>
            <translation>전체 시퀀스 decode</translation>
        </message>
        <message>
            <source>%1 at concurrency %2</source>
            <translation>동시 시퀀스 %2에서 %1</translation>
        </message>
        <message>
            <source>Prefill</source>
            <translation>prefill</translation>
        </message>
        <message>
            <source>Time to first token</source>
            <translation>첫 토큰까지 시간</translation>
        </message>
        <message>
            <source>bound %1 from memory reads only: the hardware preset states no dense throughput for this format</source>
            <translation>메모리 읽기만으로 본 상한 %1. 하드웨어 프리셋에 이 형식의 dense 처리량이 없습니다</translation>
        </message>
        <message>
            <source>Bound set by</source>
            <translation>상한을 정하는 요인</translation>
        </message>
        <message>
            <source>%1 (decode)</source>
            <translation>%1 (decode)</translation>
        </message>
        <message>
            <source>Figure</source>
            <translation>수치</translation>
        </message>
        <message>
            <source>Bound</source>
            <translation>상한</translation>
        </message>
        <message>
            <source>Expected</source>
            <translation>예상값</translation>
        </message>
        <message>
            <source>Range</source>
            <translation>범위</translation>
        </message>
        <message>
            <source>Limited by</source>
            <translation>제한 요인</translation>
        </message>
        <message>
            <source>Formula and inputs</source>
            <translation>공식과 입력값</translation>
        </message>
        <message>
            <source>Evidence: the bounds are calculated from the placement and the hardware preset's bandwidth and throughput; the expected ranges are estimated from published llama-bench, vLLM and MLX results (docs/accuracy.md, "Speed"). No speed in this report is measured.</source>
            <translation>근거: 상한은 배치와 하드웨어 프리셋의 대역폭, 처리량으로 계산한 계산값입니다. 예상 범위는 공개된 llama-bench, vLLM, MLX 결과로 잡은 추정값입니다(docs/accuracy.md, "Speed"). 이 보고서의 속도 중 측정값은 없습니다.</translation>
        </message>
        <message>
            <source>about %1 (range %2); bound %3</source>
            <translation>약 %1 (범위 %2), 상한 %3</translation>
        </message>
        <message>
            <source>Speed against layers on the GPU</source>
            <translation>GPU에 둔 레이어 수에 따른 속도</translation>
        </message>
        <message>
            <source>Speed against concurrency</source>
            <translation>동시 시퀀스에 따른 속도</translation>
        </message>
        <message>
            <source>Decode speed per user as layers move from host RAM to the GPU, everything else unchanged: the solid line is the expected value with its range, the dashed line the bound. The speed climbs steeply only once the last layers leave host RAM.</source>
            <translation>다른 조건은 그대로 두고 레이어를 호스트 RAM에서 GPU로 옮길 때의 시퀀스당 decode 속도입니다. 실선은 예상값과 그 범위, 점선은 상한입니다. 마지막 레이어까지 호스트 RAM을 떠나야 속도가 크게 오릅니다.</translation>
        </message>
        <message>
            <source>Decode speed per user as more sequences are decoded together on this machine, everything else unchanged: the solid line is the expected value with its range, the dashed line the bound.</source>
            <translation>다른 조건은 그대로 두고 이 장비에서 함께 decode하는 시퀀스가 늘어날 때의 시퀀스당 decode 속도입니다. 실선은 예상값과 그 범위, 점선은 상한입니다.</translation>
        </message>
        <message>
            <source>%1-token prompt: %2</source>
            <translation>%1 토큰 프롬프트: %2</translation>
        </message>
        <message>
            <source>about %1 (range %2); shortest possible %3</source>
            <translation>약 %1 (범위 %2), 가장 짧으면 %3</translation>
        </message>
        <message>
            <source>%1, %2 weights, %3 tokens of context × %4 sequences, %5</source>
            <translation>%1, 가중치 %2, 컨텍스트 %3 토큰 × 동시 시퀀스 %4개, %5</translation>
        </message>
        <message>
            <source>The machines side by side</source>
            <translation>장비 나란히 보기</translation>
        </message>
        <message>
            <source>Machine</source>
            <translation>장비</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>메모리</translation>
        </message>
        <message>
            <source>Largest context</source>
            <translation>최대 컨텍스트</translation>
        </message>
        <message>
            <source>Most sequences</source>
            <translation>최대 동시 시퀀스</translation>
        </message>
        <message>
            <source>Decode tok/s</source>
            <translation>decode 토큰/s</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>가격</translation>
        </message>
        <message>
            <source>Per GiB</source>
            <translation>GiB당</translation>
        </message>
        <message>
            <source>Per tok/s</source>
            <translation>토큰/s당</translation>
        </message>
        <message>
            <source>over by %1</source>
            <translation>%1 초과</translation>
        </message>
        <message>
            <source>%1: %2 (price per device from %3)</source>
            <translation>%1: %2 (장치당 가격 출처: %3)</translation>
        </message>
        <message>
            <source>%1: %2 (price per device from %3, %4)</source>
            <translation>%1: %2 (장치당 가격 출처: %3, %4 기준)</translation>
        </message>
        <message>
            <source>Asked: at least %1 tokens/s per sequence.</source>
            <translation>요청: 시퀀스당 최소 %1 토큰/s.</translation>
        </message>
        <message>
            <source>Machine comparison</source>
            <translation>장비 비교</translation>
        </message>
        <message>
            <source>Why</source>
            <translation>이유</translation>
        </message>
        <message>
            <source>Memory on each machine</source>
            <translation>장비별 메모리</translation>
        </message>
        <message>
            <source>One bar per machine: its first GPU or its unified memory, stacked by guest, against its capacity (solid line) and the runtime's usable limit (dashed); red is what does not fit.</source>
            <translation>막대 하나가 장비 하나입니다. 첫 GPU 또는 통합 메모리를 손님별로 쌓아 용량(실선)과 런타임의 사용 가능 한도(점선)에 견줍니다. 빨간 부분은 들어가지 않는 양입니다.</translation>
        </message>
        <message>
            <source>Each machine runs the same model, format, context, sequences and runtime; a machine that cannot hold every layer is shown with the largest GPU share that fits, the rest in host RAM.</source>
            <translation>모든 장비에서 같은 모델, 형식, 컨텍스트, 동시 시퀀스, 런타임을 씁니다. 모든 레이어를 담지 못하는 장비는 들어가는 가장 큰 GPU 몫으로 보여 주고, 나머지는 호스트 RAM에 둡니다.</translation>
        </message>
        <message>
            <source>Decode speed is the expected value of the speed model (memory bandwidth × a measured efficiency range), per sequence at the scenario's concurrency; measure before buying.</source>
            <translation>decode 속도는 속도 모델의 예상값(메모리 대역폭 × 측정된 효율 범위)이며, 시나리오의 동시 시퀀스 수에서 시퀀스 하나가 보는 값입니다. 사기 전에 측정해 보십시오.</translation>
        </message>
        <message>
            <source>Prices are only those typed by the user or given with a source in a preset; none is invented. A price is per device; a machine's price is devices × price.</source>
            <translation>가격은 사용자가 입력했거나 프리셋에 출처와 함께 있는 것만 씁니다. 지어낸 가격은 없습니다. 가격은 장치당이며, 장비 가격은 장치 수 × 가격입니다.</translation>
        </message>
        <message>
            <source>Memory in GB (10^9 bytes).</source>
            <translation>메모리는 GB(10^9 바이트) 단위입니다.</translation>
        </message>
        <message>
            <source>Memory in GiB (2^30 bytes).</source>
            <translation>메모리는 GiB(2^30 바이트) 단위입니다.</translation>
        </message>
        <message>
            <source>Recommendation: %1 (cost: %2).</source>
            <translation>권장: %1 (대가: %2)</translation>
        </message>
        <message>
            <source>headers of the Hugging Face repository %1</source>
            <translation>Hugging Face 저장소 %1의 헤더</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::BreakdownChart</name>
        <message>
            <source>KV pool short by %1 tokens</source>
            <translation>KV 풀에 토큰 %1개 부족</translation>
        </message>
        <message>
            <source>Over the usable limit</source>
            <translation>사용 가능 한도 초과</translation>
        </message>
        <message>
            <source>Physical capacity</source>
            <translation>물리 용량</translation>
        </message>
        <message>
            <source>Usable limit</source>
            <translation>사용 가능 한도</translation>
        </message>
        <message>
            <source>%1 %2 over</source>
            <translation>%1 %2 초과</translation>
        </message>
        <message>
            <source>Memory (%1)</source>
            <translation>메모리(%1)</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1 of %2 %3</source>
            <translation>%1 / %2 %3</translation>
        </message>
        <message>
            <source>Measured (runtime log)</source>
            <translation>측정값 (런타임 로그)</translation>
        </message>
        <message>
            <source>measured %1</source>
            <translation>측정 %1</translation>
        </message>
        <message>
            <source>total</source>
            <translation>합계</translation>
        </message>
        <message>
            <source>%1: %2 measured, planned %3 – %4</source>
            <translation>%1: 측정값 %2, 계획 %3 – %4</translation>
        </message>
        <message>
            <source>(not compared)</source>
            <translation>(비교하지 않음)</translation>
        </message>
        <message>
            <source>(outside the planned range)</source>
            <translation>(계획 범위 밖)</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::BreakdownTableModel</name>
        <message>
            <source>calculated</source>
            <translation>계산값</translation>
        </message>
        <message>
            <source>estimated</source>
            <translation>추정값</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>측정값</translation>
        </message>
        <message>
            <source>range %1 – %2</source>
            <translation>범위 %1 – %2</translation>
        </message>
        <message>
            <source>Pool</source>
            <translation>메모리 풀</translation>
        </message>
        <message>
            <source>Guest</source>
            <translation>손님</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>항목</translation>
        </message>
        <message>
            <source>GiB</source>
            <translation>GiB</translation>
        </message>
        <message>
            <source>GB</source>
            <translation>GB</translation>
        </message>
        <message>
            <source>Share of capacity</source>
            <translation>용량 대비 비율</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>식</translation>
        </message>
        <message>
            <source>Evidence</source>
            <translation>근거</translation>
        </message>
        <message>
            <source>Measured by %1 (%2) for all of this guest in this pool: %3. Planned range %4 – %5.</source>
            <translation>%1(%2)가 이 풀의 이 손님 전체에 대해 측정한 값: %3. 계획 범위 %4 – %5.</translation>
        </message>
        <message>
            <source>Shown for information, not compared.</source>
            <translation>참고로만 보여 주며 비교하지 않습니다.</translation>
        </message>
        <message>
            <source>Inside the planned range.</source>
            <translation>계획 범위 안입니다.</translation>
        </message>
        <message>
            <source>Outside the planned range.</source>
            <translation>계획 범위 밖입니다.</translation>
        </message>
        <message>
            <source>What the runtime log measured for the whole guest in this pool, on the guest's first row.</source>
            <translation>런타임 로그가 이 풀의 손님 전체에 대해 측정한 값이며, 그 손님의 첫 행에 표시합니다.</translation>
        </message>
        <message>
            <source>Measured, per guest</source>
            <translation>측정값 (손님별)</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ChartView</name>
        <message>
            <source>GiB</source>
            <translation>GiB</translation>
        </message>
        <message>
            <source>GB</source>
            <translation>GB</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ControlScope</name>
        <message>
            <source>A unified-memory machine is one device; the estimate uses one.</source>
            <translation>통합 메모리 장비는 장치 하나입니다. 산정도 장치 하나로 계산합니다.</translation>
        </message>
        <message>
            <source>On a unified-memory machine the host RAM is the machine's own memory.</source>
            <translation>통합 메모리 장비에서는 호스트 RAM이 곧 장비의 메모리입니다.</translation>
        </message>
        <message>
            <source>CPU and GPU share one memory here, so placement does not change the total.</source>
            <translation>이 장비에서는 CPU와 GPU가 메모리 하나를 함께 쓰므로 배치를 바꿔도 합계가 달라지지 않습니다.</translation>
        </message>
        <message>
            <source>A CPU-only machine has no GPU to count.</source>
            <translation>CPU 전용 장비에는 셀 GPU가 없습니다.</translation>
        </message>
        <message>
            <source>A CPU-only machine&apos;s memory is its host RAM; set its size there.</source>
            <translation>CPU 전용 장비의 메모리는 호스트 RAM입니다. 크기는 호스트 RAM 칸에서 정하십시오.</translation>
        </message>
        <message>
            <source>A CPU-only machine has no GPU: everything is in host RAM.</source>
            <translation>CPU 전용 장비에는 GPU가 없습니다. 모든 것이 호스트 RAM에 있습니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::CountSpinBox</name>
        <message>
            <source>%1 is above the maximum of %2; using %2.</source>
            <translation>입력값이 최댓값보다 큽니다(입력 %1, 최댓값 %2). %2 값으로 맞춥니다.</translation>
        </message>
        <message>
            <source>%1 is below the minimum of %2; using %2.</source>
            <translation>입력값이 최솟값보다 작습니다(입력 %1, 최솟값 %2). %2 값으로 맞춥니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::EvidenceLegend</name>
        <message>
            <source>Evidence legend</source>
            <translation>근거 범례</translation>
        </message>
        <message>
            <source>exact arithmetic from stated inputs (parameter count, model config); as good as those inputs.</source>
            <translation>밝혀 둔 입력(파라미터 수, 모델 config)으로 정확히 계산한 값이며, 입력이 정확한 만큼만 정확합니다.</translation>
        </message>
        <message>
            <source>a model of how a runtime behaves; shown with a low–high range and worth checking on the machine.</source>
            <translation>런타임 동작을 모형으로 어림한 값입니다. 최저–최고 범위와 함께 보여 주며, 실제 장비에서 확인해 볼 만합니다.</translation>
        </message>
        <message>
            <source>read from a real file header or a runtime's log.</source>
            <translation>실제 파일 헤더나 런타임 로그에서 읽은 값입니다.</translation>
        </message>
        <message>
            <source>"This GPU is enough" is only true for stated conditions: the context length, the number of concurrent sequences, the weight and KV formats, the runtime and its settings. Change one and the answer can change.</source>
            <translation>"이 GPU면 충분하다"는 말은 조건을 밝혔을 때만 참입니다. 컨텍스트 길이, 동시 시퀀스 수, 가중치와 KV 형식, 런타임과 그 설정 중 하나만 바뀌어도 답이 달라질 수 있습니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::HardwarePicker</name>
        <message>
            <source>The GPU, unified-memory machine or CPU platform the model runs on.</source>
            <translation>모델을 실행할 GPU, 통합 메모리 장비 또는 CPU 플랫폼입니다.</translation>
        </message>
        <message>
            <source>Identical GPUs sharing the model (tensor parallel).</source>
            <translation>모델을 나눠 맡는 같은 종류의 GPU 수(텐서 병렬)입니다.</translation>
        </message>
        <message>
            <source> GiB</source>
            <translation> GiB</translation>
        </message>
        <message>
            <source>System RAM: holds offloaded layers, CPU-only models and the loading copy.</source>
            <translation>시스템 RAM: 오프로드한 레이어, CPU 전용 모델, 로딩 중 사본이 여기에 놓입니다.</translation>
        </message>
        <message>
            <source>Custom memory</source>
            <translation>메모리 직접 입력</translation>
        </message>
        <message>
            <source>Replace the preset's memory size and bandwidth with your own figures.</source>
            <translation>프리셋의 메모리 크기와 대역폭을 직접 입력한 값으로 바꿉니다.</translation>
        </message>
        <message>
            <source>Memory per device (or the whole unified pool).</source>
            <translation>장치당 메모리(통합 메모리라면 풀 전체).</translation>
        </message>
        <message>
            <source> GB/s</source>
            <translation> GB/s</translation>
        </message>
        <message>
            <source>Memory bandwidth per device, as the vendor states it.</source>
            <translation>제조사가 밝힌 장치당 메모리 대역폭입니다.</translation>
        </message>
        <message>
            <source>&amp;Machine</source>
            <translation>장비(&amp;M)</translation>
        </message>
        <message>
            <source>Host &amp;RAM</source>
            <translation>호스트 RAM(&amp;R)</translation>
        </message>
        <message>
            <source>As the machine</source>
            <translation>장비 기본값</translation>
        </message>
        <message>
            <source>The compute back end the runtime uses on this GPU. It sets the speed efficiency, not the memory. &quot;As the machine&quot; follows its vendor.</source>
            <translation>이 GPU에서 런타임이 쓰는 연산 backend입니다. 메모리가 아니라 속도 효율을 정합니다. &quot;장비 기본값&quot;은 제조사를 따릅니다.</translation>
        </message>
        <message>
            <source>Back &amp;end</source>
            <translation>backend(&amp;E)</translation>
        </message>
        <message>
            <source>Change back end</source>
            <translation>backend 바꾸기</translation>
        </message>
        <message>
            <source>Choose machine %1</source>
            <translation>장비 %1 선택</translation>
        </message>
        <message>
            <source>Change GPU count</source>
            <translation>GPU 수 변경</translation>
        </message>
        <message>
            <source>Change host RAM</source>
            <translation>호스트 RAM 변경</translation>
        </message>
        <message>
            <source>Change custom memory</source>
            <translation>직접 입력한 메모리 변경</translation>
        </message>
        <message>
            <source>Discrete GPUs</source>
            <translation>이산 GPU</translation>
        </message>
        <message>
            <source>Unified memory</source>
            <translation>통합 메모리</translation>
        </message>
        <message>
            <source>CPU only (host RAM)</source>
            <translation>CPU만 사용(호스트 RAM)</translation>
        </message>
        <message>
            <source>Generic CPU</source>
            <translation>일반 CPU</translation>
        </message>
        <message>
            <source>%1 per device, %2 usable</source>
            <translation>장치당 %1, 사용 가능 %2</translation>
        </message>
        <message>
            <source>, %1 GB/s</source>
            <translation>, %1 GB/s</translation>
        </message>
        <message>
            <source>The driver reports %1 of it as the total; usable is a share of that.</source>
            <translation>드라이버는 이 중 %1을(를) 전체 용량으로 보고합니다. 사용 가능 용량은 그 값의 일부입니다.</translation>
        </message>
        <message>
            <source>Type to search machines</source>
            <translation>입력해서 장비 찾기</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <source>Host RAM</source>
            <translation>호스트 RAM</translation>
        </message>
        <message>
            <source>Memory per device</source>
            <translation>장치당 메모리</translation>
        </message>
        <message>
            <source>Bandwidth</source>
            <translation>대역폭</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::LessonWalkthrough</name>
        <message>
            <source>%1 does not fit: %2 against %3 usable.</source>
            <translation>%1에는 들어가지 않습니다. 사용 가능 한도 %3보다 많은 %2이(가) 필요합니다.</translation>
        </message>
        <message>
            <source>%1 holds the running model but not the loading: while the weights load it peaks at %2 against %3 usable.</source>
            <translation>%1에는 실행 중인 모델은 들어가지만 로딩은 들어가지 않습니다. 로딩 중 최고점이 %2(으)로 사용 가능 한도 %3을(를) 넘습니다.</translation>
        </message>
        <message>
            <source>Lesson</source>
            <translation>수업</translation>
        </message>
        <message>
            <source>Choose a lesson…</source>
            <translation>수업을 고르십시오…</translation>
        </message>
        <message>
            <source>Myth: </source>
            <translation>오해: </translation>
        </message>
        <message>
            <source>◀ Back</source>
            <translation>◀ 이전</translation>
        </message>
        <message>
            <source>Next ▶</source>
            <translation>다음 ▶</translation>
        </message>
        <message>
            <source>Previous step (Left or Page Up)</source>
            <translation>이전 단계(왼쪽 화살표 또는 Page Up)</translation>
        </message>
        <message>
            <source>Next step (Right or Page Down)</source>
            <translation>다음 단계(오른쪽 화살표 또는 Page Down)</translation>
        </message>
        <message>
            <source>Lesson: %1</source>
            <translation>수업: %1</translation>
        </message>
        <message>
            <source>Compare: %1</source>
            <translation>비교: %1</translation>
        </message>
        <message>
            <source>Lesson scenario</source>
            <translation>수업 시나리오</translation>
        </message>
        <message>
            <source>The trained parameters of the model, stored in the chosen number format.</source>
            <translation>모델이 학습한 파라미터를 고른 숫자 형식으로 저장한 것입니다.</translation>
        </message>
        <message>
            <source>The keys and values of every token a conversation holds, kept for every layer so they need not be recomputed for each new token.</source>
            <translation>대화가 붙들고 있는 모든 토큰의 key와 value입니다. 새 토큰마다 다시 계산하지 않도록 레이어마다 보관합니다.</translation>
        </message>
        <message>
            <source>Intermediate results that flow between layers during a forward pass; they appear and vanish at every step.</source>
            <translation>forward pass 동안 레이어 사이를 흐르는 중간 계산 결과로, 단계마다 생겼다가 사라집니다.</translation>
        </message>
        <message>
            <source>Scratch buffers the kernels (matrix multiplications, attention) and the GPU driver need while they compute.</source>
            <translation>커널(행렬 곱, attention)과 GPU 드라이버가 계산하는 동안 잠시 쓰는 임시 버퍼입니다.</translation>
        </message>
        <message>
            <source>Memory the allocator has reserved but not handed out, or cannot use because it is broken into pieces (fragmentation).</source>
            <translation>allocator가 예약해 두고 내주지 않은 메모리, 또는 조각나서 쓸 수 없게 된 메모리(단편화)입니다.</translation>
        </message>
        <message>
            <source>The operating system, the desktop and other programs sharing the same memory. It is not one of the chapter's five guests: the planner adds it because the model cannot use this memory.</source>
            <translation>운영체제, 데스크톱, 같은 메모리를 나눠 쓰는 다른 프로그램입니다. 이 장의 다섯 손님에는 들지 않는 시스템 몫으로, 모델이 쓸 수 없는 메모리라서 플래너가 따로 더합니다.</translation>
        </message>
        <message>
            <source>Parameter count × bytes per parameter. Fixed once the model is loaded.</source>
            <translation>파라미터 수 × 파라미터당 바이트. 모델을 올린 뒤에는 변하지 않습니다.</translation>
        </message>
        <message>
            <source>Layers, KV heads, head size, bytes per value, tokens per conversation and the number of conversations served at once. It grows while the model runs.</source>
            <translation>레이어 수, KV head 수, head 차원, 원소당 바이트, 시퀀스당 토큰 수, 동시 시퀀스 수. 모델이 도는 동안 계속 자랍니다.</translation>
        </message>
        <message>
            <source>Tokens processed in one step (batch and prompt chunk) and the hidden size. Largest while a long prompt is read in (prefill).</source>
            <translation>한 단계에서 처리하는 토큰 수(batch와 프롬프트 조각)와 hidden 크기. 긴 프롬프트를 읽어 들이는 동안(prefill) 가장 커집니다.</translation>
        </message>
        <message>
            <source>The library, the kernels chosen and features such as CUDA graphs, not the model size.</source>
            <translation>모델 크기가 아니라 라이브러리, 선택된 커널, CUDA graph 같은 기능에 달려 있습니다.</translation>
        </message>
        <message>
            <source>How much memory is allocated and freed while running, and how the runtime's allocator manages it.</source>
            <translation>실행 중에 메모리를 얼마나 잡았다 놓는지, 그리고 런타임의 allocator가 그것을 어떻게 관리하는지에 달려 있습니다.</translation>
        </message>
        <message>
            <source>What else runs on the machine; on unified memory it competes with the model directly.</source>
            <translation>장비에서 함께 도는 다른 것들. 통합 메모리에서는 모델과 직접 자리를 다툽니다.</translation>
        </message>
        <message>
            <source>A smaller number format (quantization), a smaller model, or layers offloaded to host RAM at a cost in speed.</source>
            <translation>더 작은 숫자 형식(양자화), 더 작은 모델, 또는 속도를 내주고 레이어를 호스트 RAM으로 오프로드.</translation>
        </message>
        <message>
            <source>A shorter context, fewer parallel conversations, a model with fewer KV heads (GQA, MQA), a quantized KV cache, paged allocation and shared prefixes.</source>
            <translation>더 짧은 컨텍스트, 더 적은 동시 시퀀스, KV head가 적은 모델(GQA, MQA), 양자화한 KV 캐시, 페이지 단위 할당과 공유 prefix.</translation>
        </message>
        <message>
            <source>A smaller prefill batch or chunk, fused attention kernels (FlashAttention), logits for the last token only.</source>
            <translation>더 작은 prefill batch나 조각, 융합 attention 커널(FlashAttention), 마지막 토큰의 logits만 계산.</translation>
        </message>
        <message>
            <source>Other kernels, CUDA graphs off, fewer processes per GPU.</source>
            <translation>다른 커널 선택, CUDA graph 끄기, GPU당 프로세스 줄이기.</translation>
        </message>
        <message>
            <source>Paged KV management (PagedAttention), preallocated pools and allocator settings that reduce fragmentation.</source>
            <translation>페이지 단위 KV 관리(PagedAttention), 미리 잡아 둔 풀, 단편화를 줄이는 allocator 설정.</translation>
        </message>
        <message>
            <source>Close other programs, run headless, keep a safety margin.</source>
            <translation>다른 프로그램 닫기, 화면 없이(headless) 실행하기, 여유 용량 남기기.</translation>
        </message>
        <message>
            <source>Step %1 of %2</source>
            <translation>%2단계 중 %1단계</translation>
        </message>
        <message>
            <source>Pick a lesson or a myth above. Each one opens a scenario and introduces the memory guests one at a time; step with the arrow keys or Page Up / Page Down.</source>
            <translation>위에서 수업이나 오해를 하나 고르십시오. 시나리오가 열리고 메모리 손님을 하나씩 소개합니다. 화살표 키나 Page Up / Page Down으로 넘기십시오.</translation>
        </message>
        <message>
            <source>The claim:</source>
            <translation>주장:</translation>
        </message>
        <message>
            <source>The bar starts empty: the lines mark what %1 has (%2) and what the runtime may use.</source>
            <translation>막대는 비어 있는 상태로 시작합니다. 선은 %1의 용량(%2)과 런타임이 쓸 수 있는 한도를 표시합니다.</translation>
        </message>
        <message>
            <source>What it is:</source>
            <translation>무엇인가:</translation>
        </message>
        <message>
            <source>Grows with:</source>
            <translation>무엇에 따라 커지나:</translation>
        </message>
        <message>
            <source>To reduce it:</source>
            <translation>줄이는 방법:</translation>
        </message>
        <message>
            <source>%1 in %2</source>
            <translation>%2에 %1</translation>
        </message>
        <message>
            <source>In this scenario:</source>
            <translation>이 시나리오에서는:</translation>
        </message>
        <message>
            <source>nothing (this runtime or machine does not add it)</source>
            <translation>없음(이 런타임이나 장비에서는 생기지 않음)</translation>
        </message>
        <message>
            <source>All guests together: %1 of %2 usable — it fits with %3 to spare.</source>
            <translation>모든 손님을 합치면 사용 가능한 %2 중 %1 — %3 남기고 들어갑니다.</translation>
        </message>
        <message>
            <source>All guests together: %1 against %2 usable — %3 too much.</source>
            <translation>모든 손님을 합치면 사용 가능한 %2에 대해 %1 — %3 넘칩니다.</translation>
        </message>
        <message>
            <source>The whole picture</source>
            <translation>전체 그림</translation>
        </message>
        <message>
            <source>What is missing:</source>
            <translation>빠진 것:</translation>
        </message>
        <message>
            <source>Remember:</source>
            <translation>기억할 점:</translation>
        </message>
        <message>
            <source>&lt;b&gt;Classroom&lt;/b&gt;</source>
            <translation>&lt;b&gt;수업 패널&lt;/b&gt;</translation>
        </message>
        <message>
            <source>Use the links below to compare the variants.</source>
            <translation>아래 링크로 변형들을 비교해 보십시오.</translation>
        </message>
        <message>
            <source>Predict</source>
            <translation>예측</translation>
        </message>
        <message>
            <source>Check question</source>
            <translation>확인 문제</translation>
        </message>
        <message>
            <source>Let the class write down a number (GiB or GB), then press Next to reveal the answer.</source>
            <translation>학생들이 숫자(GiB 또는 GB)를 적게 한 뒤 다음을 눌러 답을 공개하십시오.</translation>
        </message>
        <message>
            <source>Let the class choose, then press Next to reveal the answer.</source>
            <translation>학생들이 고르게 한 뒤 다음을 눌러 답을 공개하십시오.</translation>
        </message>
        <message>
            <source>Answer:</source>
            <translation>답:</translation>
        </message>
        <message>
            <source>The math</source>
            <translation>계산 과정</translation>
        </message>
        <message>
            <source>Compare:</source>
            <translation>비교:</translation>
        </message>
        <message>
            <source>Next: the math.</source>
            <translation>다음 단계: 계산 과정.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::MainWindow</name>
        <message>
            <source>&amp;Try It on This Computer…</source>
            <translation>이 컴퓨터에서 실행해 보기(&amp;T)…</translation>
        </message>
        <message>
            <source>Scenario files (*.scenario.json *.json)</source>
            <translation>시나리오 파일 (*.scenario.json *.json)</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>모델</translation>
        </message>
        <message>
            <source>Hardware and runtime</source>
            <translation>하드웨어와 런타임</translation>
        </message>
        <message>
            <source>What if</source>
            <translation>가정해 보기</translation>
        </message>
        <message>
            <source>Scenario</source>
            <translation>시나리오</translation>
        </message>
        <message>
            <source>Sweep context length</source>
            <translation>컨텍스트 길이 변화</translation>
        </message>
        <message>
            <source>Sweep concurrency</source>
            <translation>동시 시퀀스 수 변화</translation>
        </message>
        <message>
            <source>What the right-hand chart varies; everything else stays as set.</source>
            <translation>오른쪽 차트에서 바꿔 볼 값입니다. 나머지는 설정한 그대로 둡니다.</translation>
        </message>
        <message>
            <source>Breakdown</source>
            <translation>내역</translation>
        </message>
        <message>
            <source>Show the &amp;Math…</source>
            <translation>계산 과정 보기(&amp;M)…</translation>
        </message>
        <message>
            <source>Classroom</source>
            <translation>수업 패널</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>파일(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;New</source>
            <translation>새로 만들기(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>열기(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>저장(&amp;S)</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>다른 이름으로 저장(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Import Model…</source>
            <translation>모델 가져오기(&amp;I)…</translation>
        </message>
        <message>
            <source>Ctrl+I</source>
            <translation>Ctrl+I</translation>
        </message>
        <message>
            <source>Save Model as &amp;Preset…</source>
            <translation>모델을 프리셋으로 저장(&amp;P)…</translation>
        </message>
        <message>
            <source>Save &amp;Machine as Preset…</source>
            <translation>장비를 프리셋으로 저장(&amp;M)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>끝내기(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>편집(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>실행 취소(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>다시 실행(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>보기(&amp;V)</translation>
        </message>
        <message>
            <source>Binary units (&amp;GiB)</source>
            <translation>2진 단위(&amp;GiB)</translation>
        </message>
        <message>
            <source>Decimal units (G&amp;B)</source>
            <translation>10진 단위(G&amp;B)</translation>
        </message>
        <message>
            <source>Show memory in GiB (2^30 bytes), as nvidia-smi and the runtimes do</source>
            <translation>nvidia-smi와 런타임처럼 메모리를 GiB(2^30 바이트)로 표시합니다</translation>
        </message>
        <message>
            <source>Show memory in GB (10^9 bytes), as vendors and model cards do</source>
            <translation>제조사와 모델 카드처럼 메모리를 GB(10^9 바이트)로 표시합니다</translation>
        </message>
        <message>
            <source>&amp;Presentation Mode</source>
            <translation>발표 모드(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Classroom Panel</source>
            <translation>수업 패널(&amp;C)</translation>
        </message>
        <message>
            <source>Ctrl+L</source>
            <translation>Ctrl+L</translation>
        </message>
        <message>
            <source>Show the Math for the &amp;Verdict…</source>
            <translation>판정의 계산 과정 보기(&amp;V)…</translation>
        </message>
        <message>
            <source>Ctrl+M</source>
            <translation>Ctrl+M</translation>
        </message>
        <message>
            <source>Next Lesson Step</source>
            <translation>수업 다음 단계</translation>
        </message>
        <message>
            <source>Previous Lesson Step</source>
            <translation>수업 이전 단계</translation>
        </message>
        <message>
            <source>&amp;Lessons</source>
            <translation>수업(&amp;L)</translation>
        </message>
        <message>
            <source>Myths</source>
            <translation>흔한 오해</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>도움말(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;About</source>
            <translation>정보(&amp;A)</translation>
        </message>
        <message>
            <source>About LLM Memory Planner</source>
            <translation>LLM Memory Planner 정보</translation>
        </message>
        <message>
            <source>&lt;b&gt;LLM Memory Planner&lt;/b&gt; %1&lt;br&gt;What an LLM needs in memory, and whether it fits.&lt;br&gt;GPL-3.0-or-later.</source>
            <translation>&lt;b&gt;LLM Memory Planner&lt;/b&gt; %1&lt;br&gt;LLM이 메모리를 얼마나 필요로 하는지, 그리고 들어가는지 계산합니다.&lt;br&gt;GPL-3.0-or-later.</translation>
        </message>
        <message>
            <source>Main</source>
            <translation>기본</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>실행 취소</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>다시 실행</translation>
        </message>
        <message>
            <source>Units: </source>
            <translation>단위: </translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>언어(&amp;L)</translation>
        </message>
        <message>
            <source>System Default</source>
            <translation>시스템 기본값</translation>
        </message>
        <message>
            <source>%1[*] — LLM Memory Planner</source>
            <translation>%1[*] — LLM Memory Planner</translation>
        </message>
        <message>
            <source>Cannot open scenario</source>
            <translation>시나리오를 열 수 없음</translation>
        </message>
        <message>
            <source>%1

The current scenario is unchanged.</source>
            <translation>%1

현재 시나리오는 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <source>Unsaved scenario</source>
            <translation>저장하지 않은 시나리오</translation>
        </message>
        <message>
            <source>Open Scenario</source>
            <translation>시나리오 열기</translation>
        </message>
        <message>
            <source>Cannot save scenario</source>
            <translation>시나리오를 저장할 수 없음</translation>
        </message>
        <message>
            <source>Save Scenario</source>
            <translation>시나리오 저장</translation>
        </message>
        <message>
            <source>Import %1</source>
            <translation>%1 가져오기</translation>
        </message>
        <message>
            <source>Import Model</source>
            <translation>모델 가져오기</translation>
        </message>
        <message>
            <source>Model files (*.gguf *.safetensors *.json);;All files (*)</source>
            <translation>모델 파일 (*.gguf *.safetensors *.json);;모든 파일 (*)</translation>
        </message>
        <message>
            <source>Preset name:</source>
            <translation>프리셋 이름:</translation>
        </message>
        <message>
            <source>Cannot save preset</source>
            <translation>프리셋을 저장할 수 없음</translation>
        </message>
        <message>
            <source>Saved preset to %1</source>
            <translation>프리셋을 %1에 저장했습니다</translation>
        </message>
        <message>
            <source>Save Model as Preset</source>
            <translation>모델을 프리셋으로 저장</translation>
        </message>
        <message>
            <source>The current model could not be resolved.</source>
            <translation>현재 모델을 해석할 수 없습니다.</translation>
        </message>
        <message>
            <source>Use preset %1</source>
            <translation>프리셋 %1 사용</translation>
        </message>
        <message>
            <source>Save Machine as Preset</source>
            <translation>장비를 프리셋으로 저장</translation>
        </message>
        <message>
            <source>The current machine could not be resolved.</source>
            <translation>현재 장비를 해석할 수 없습니다.</translation>
        </message>
        <message>
            <source>Restored the scenario from your last session.</source>
            <translation>지난 세션의 시나리오를 다시 열었습니다.</translation>
        </message>
        <message>
            <source>New Scenario</source>
            <translation>새 시나리오</translation>
        </message>
        <message>
            <source>The planner did not close normally. Unsaved work from %1 can be restored.</source>
            <translation>플래너가 정상적으로 종료되지 않았습니다. %1에 저장하지 않은 작업을 복원할 수 있습니다.</translation>
        </message>
        <message>
            <source>Restore</source>
            <translation>복원</translation>
        </message>
        <message>
            <source>Restore unsaved work</source>
            <translation>저장하지 않은 작업 복원</translation>
        </message>
        <message>
            <source>Discard</source>
            <translation>버리기</translation>
        </message>
        <message>
            <source>open a lesson</source>
            <translation>수업 열기</translation>
        </message>
        <message>
            <source>The scenario has unsaved changes. Save them before you %1?</source>
            <translation>시나리오에 저장하지 않은 변경 사항이 있습니다. %1 전에 저장하시겠습니까?</translation>
        </message>
        <message>
            <source>start a new scenario</source>
            <translation>새 시나리오 시작</translation>
        </message>
        <message>
            <source>open another scenario</source>
            <translation>다른 시나리오 열기</translation>
        </message>
        <message>
            <source>quit</source>
            <translation>종료</translation>
        </message>
        <message>
            <source>Open Runtime &amp;Log…</source>
            <translation>런타임 로그 열기(&amp;L)…</translation>
        </message>
        <message>
            <source>Training</source>
            <translation>학습</translation>
        </message>
        <message>
            <source>Clear &amp;Measured Values</source>
            <translation>측정값 지우기(&amp;M)</translation>
        </message>
        <message>
            <source>%1: no line of a runtime the planner knows</source>
            <translation>%1: 플래너가 아는 런타임의 줄이 없습니다</translation>
        </message>
        <message>
            <source>Sweep micro-batch</source>
            <translation>micro-batch 변화</translation>
        </message>
        <message>
            <source>Sweep sequence length</source>
            <translation>시퀀스 길이 변화</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>속도</translation>
        </message>
        <message>
            <source>Scenario Panel While Presenting</source>
            <translation>발표 중 시나리오 패널</translation>
        </message>
        <message>
            <source>Breakdown Table While Presenting</source>
            <translation>발표 중 항목별 표</translation>
        </message>
        <message>
            <source>Blank the Screen</source>
            <translation>화면 가리기</translation>
        </message>
        <message>
            <source>No lesson open</source>
            <translation>열린 수업 없음</translation>
        </message>
        <message>
            <source>Open a lesson first (Lessons menu).</source>
            <translation>먼저 수업을 여십시오(수업 메뉴).</translation>
        </message>
        <message>
            <source>Export Lesson Slides</source>
            <translation>수업 슬라이드 내보내기</translation>
        </message>
        <message>
            <source>Export Lesson Handout</source>
            <translation>수업 유인물 내보내기</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>내보내기 실패</translation>
        </message>
        <message>
            <source>Export Lesson &amp;Handout…</source>
            <translation>수업 유인물 내보내기(&amp;H)…</translation>
        </message>
        <message>
            <source>Export Lesson &amp;Slides…</source>
            <translation>수업 슬라이드 내보내기(&amp;S)…</translation>
        </message>
        <message>
            <source>C&amp;ompare Machines…</source>
            <translation>장비 비교(&amp;O)…</translation>
        </message>
        <message>
            <source>Ctrl+Shift+M</source>
            <translation>Ctrl+Shift+M</translation>
        </message>
        <message>
            <source>Import from &amp;Hugging Face…</source>
            <translation>Hugging Face에서 가져오기(&amp;H)…</translation>
        </message>
        <message>
            <source>Imported %1 from Hugging Face</source>
            <translation>Hugging Face에서 %1 가져오기를 마쳤습니다</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::MathDialog</name>
        <message>
            <source>Fits: capacity − total = %1 free</source>
            <translation>들어감: 용량 − 합계 = %1 남음</translation>
        </message>
        <message>
            <source>Does not fit: total − capacity = %1 over</source>
            <translation>들어가지 않음: 합계 − 용량 = %1 초과</translation>
        </message>
        <message>
            <source>Fits: usable − (total − system) = %1 free</source>
            <translation>들어감: 사용 가능 − (합계 − 시스템 몫) = %1 남음</translation>
        </message>
        <message>
            <source>Does not fit: (total − system) − usable = %1 over</source>
            <translation>들어가지 않음: (합계 − 시스템 몫) − 사용 가능 = %1 초과</translation>
        </message>
        <message>
            <source>Unified memory: the GPU side (the total without the system share) must stay within the usable limit, and the total within the capacity.</source>
            <translation>통합 메모리: GPU 쪽(시스템 몫을 뺀 합계)은 사용 가능 한도 안에, 합계는 물리 용량 안에 있어야 합니다.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>닫기</translation>
        </message>
        <message>
            <source>%1 bytes = %2 = %3</source>
            <translation>%1 바이트 = %2 = %3</translation>
        </message>
        <message>
            <source>Range: %1 to %2</source>
            <translation>범위: %1 ~ %2</translation>
        </message>
        <message>
            <source>In: %1</source>
            <translation>위치: %1</translation>
        </message>
        <message>
            <source>Formula:</source>
            <translation>식:</translation>
        </message>
        <message>
            <source>Symbol</source>
            <translation>기호</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>값</translation>
        </message>
        <message>
            <source>Where it came from</source>
            <translation>출처</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>뜻</translation>
        </message>
        <message>
            <source>Result:</source>
            <translation>결과:</translation>
        </message>
        <message>
            <source>as shipped</source>
            <translation>배포 형식 그대로</translation>
        </message>
        <message>
            <source>context %1 tokens × %2 concurrent sequences</source>
            <translation>컨텍스트 %1 토큰 × 동시 시퀀스 %2개</translation>
        </message>
        <message>
            <source>weights %1, KV cache %2</source>
            <translation>가중치 %1, KV 캐시 %2</translation>
        </message>
        <message>
            <source>runtime %1, %2 % of layers on the GPU</source>
            <translation>런타임 %1, 레이어의 %2 %를 GPU에</translation>
        </message>
        <message>
            <source>This answer holds for:</source>
            <translation>이 답이 성립하는 조건:</translation>
        </message>
        <message>
            <source>No estimate yet.</source>
            <translation>아직 산정 결과가 없습니다.</translation>
        </message>
        <message>
            <source>Verdict for %1</source>
            <translation>%1에 대한 판정</translation>
        </message>
        <message>
            <source>total = weights + KV + activation + workspace + allocator + system ≤ usable</source>
            <translation>합계 = 가중치 + KV + activation + workspace + allocator 여유 + 시스템 몫 ≤ 사용 가능 한도</translation>
        </message>
        <message>
            <source>Guest</source>
            <translation>손님</translation>
        </message>
        <message>
            <source>Bytes</source>
            <translation>바이트</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>합계</translation>
        </message>
        <message>
            <source>Capacity: %1</source>
            <translation>용량: %1</translation>
        </message>
        <message>
            <source>Usable by the runtime: %1</source>
            <translation>런타임이 쓸 수 있는 양: %1</translation>
        </message>
        <message>
            <source>Fits: usable − total = %1 free</source>
            <translation>들어감: 사용 가능 − 합계 = %1 남음</translation>
        </message>
        <message>
            <source>Does not fit: total − usable = %1 over</source>
            <translation>들어가지 않음: 합계 − 사용 가능 = %1 초과</translation>
        </message>
        <message>
            <source>While loading, use peaks at %1.</source>
            <translation>로딩하는 동안 사용량이 최고점 %1에 이릅니다.</translation>
        </message>
        <message>
            <source>Some of these figures are estimated: the verdict is as reliable as their ranges.</source>
            <translation>이 중 일부는 추정값입니다. 판정은 그 범위만큼만 믿을 수 있습니다.</translation>
        </message>
        <message>
            <source>model config</source>
            <translation>모델 config</translation>
        </message>
        <message>
            <source>model file header</source>
            <translation>모델 파일 헤더</translation>
        </message>
        <message>
            <source>preset</source>
            <translation>프리셋</translation>
        </message>
        <message>
            <source>your scenario (controls)</source>
            <translation>내 시나리오(조절 항목)</translation>
        </message>
        <message>
            <source>runtime profile</source>
            <translation>런타임 프로필</translation>
        </message>
        <message>
            <source>derived from the others</source>
            <translation>다른 값에서 유도</translation>
        </message>
        <message>
            <source>No such row.</source>
            <translation>그런 행이 없습니다.</translation>
        </message>
        <message>
            <source>Nothing of this guest in this pool.</source>
            <translation>이 풀에는 이 손님이 없습니다.</translation>
        </message>
        <message>
            <source>Sum for %1:</source>
            <translation>%1 합계:</translation>
        </message>
        <message>
            <source>Show the Math</source>
            <translation>계산 과정 보기</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ModelPicker</name>
        <message>
            <source>%1 parameters: text decoder %2, vision tower and projector %3</source>
            <translation>파라미터 %1개: 텍스트 디코더 %2, 비전 타워와 projector %3</translation>
        </message>
        <message>
            <source>MLA latent %1</source>
            <translation>MLA latent %1</translation>
        </message>
        <message>
            <source>SWA %1/%2 @%3</source>
            <translation>SWA %1/%2 @%3</translation>
        </message>
        <message>
            <source>MQA</source>
            <translation>MQA</translation>
        </message>
        <message>
            <source>MHA</source>
            <translation>MHA</translation>
        </message>
        <message>
            <source>GQA %1:1</source>
            <translation>GQA %1:1</translation>
        </message>
        <message>
            <source>Search models…</source>
            <translation>모델 검색…</translation>
        </message>
        <message>
            <source>Only models that fit this hardware</source>
            <translation>이 하드웨어에 들어가는 모델만</translation>
        </message>
        <message>
            <source>Hide models that do not fit with the current format, context, users and machine.</source>
            <translation>현재 형식, 컨텍스트 길이, 동시 시퀀스, 장비로는 들어가지 않는 모델을 숨깁니다.</translation>
        </message>
        <message>
            <source>Model presets</source>
            <translation>모델 프리셋</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>모델</translation>
        </message>
        <message>
            <source>Params</source>
            <translation>파라미터</translation>
        </message>
        <message>
            <source>KV/tok</source>
            <translation>KV/토큰</translation>
        </message>
        <message>
            <source>Layers</source>
            <translation>레이어</translation>
        </message>
        <message>
            <source>KV h</source>
            <translation>KV head</translation>
        </message>
        <message>
            <source>Attention</source>
            <translation>attention</translation>
        </message>
        <message>
            <source>KV heads per layer</source>
            <translation>레이어당 KV head 수</translation>
        </message>
        <message>
            <source>KV cache bytes per token of one sequence, all layers, at the chosen KV dtype</source>
            <translation>선택한 KV dtype에서 시퀀스 하나의 토큰당 KV 캐시 바이트(모든 레이어 합)</translation>
        </message>
        <message>
            <source>Your presets</source>
            <translation>내 프리셋</translation>
        </message>
        <message>
            <source>latent</source>
            <translation>latent</translation>
        </message>
        <message>
            <source>Choose model %1</source>
            <translation>모델 %1 선택</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>&lt;b&gt;Imported:&lt;/b&gt; %1 (files read: %2)</source>
            <translation>&lt;b&gt;가져온 모델:&lt;/b&gt; %1 (읽은 파일 %2개)</translation>
        </message>
        <message>
            <source>%1 tensors, %2 parameters in the file (the config computes %3); weights measured: %4</source>
            <translation>텐서 %1개, 파일의 파라미터 %2개 (config로 계산하면 %3개); 측정한 가중치: %4</translation>
        </message>
        <message>
            <source>Storage types: %1</source>
            <translation>저장 형식: %1</translation>
        </message>
        <message>
            <source>A config only: weights are calculated from the parameter count.</source>
            <translation>config만 있음: 가중치는 파라미터 수로 계산합니다.</translation>
        </message>
        <message>
            <source>Filter the list by name, family, preset id, Hugging Face repository (meta-llama/Llama-3.1-8B) or runtime tag (llama3.1:8b).</source>
            <translation>이름, 계열, 프리셋 id, Hugging Face 저장소(meta-llama/Llama-3.1-8B) 또는 런타임 태그(llama3.1:8b)로 목록을 거릅니다.</translation>
        </message>
        <message>
            <source>No model fits this hardware; clear "Only models that fit" to see all.</source>
            <translation>이 하드웨어에 들어가는 모델이 없습니다. 모두 보려면 "들어가는 모델만" 선택을 해제하십시오.</translation>
        </message>
        <message>
            <source>No model matches "%1". Search by name, id, repository or tag, or import a file with File → Import Model…</source>
            <translation>"%1"에 맞는 모델이 없습니다. 이름, id, 저장소 또는 태그로 찾거나 파일 → 모델 가져오기…로 파일을 가져오십시오.</translation>
        </message>
        <message>
            <source>On this computer</source>
            <translation>이 컴퓨터에 있는 모델</translation>
        </message>
        <message>
            <source>%1 (%2)
%3</source>
            <translation>%1 (%2)
%3</translation>
        </message>
        <message>
            <source>From Hugging Face…</source>
            <translation>Hugging Face에서…</translation>
        </message>
        <message>
            <source>Read a model's headers from a Hugging Face repository (org/name or a huggingface.co link).</source>
            <translation>Hugging Face 저장소(org/name 또는 huggingface.co 링크)에서 모델의 헤더를 읽습니다.</translation>
        </message>
        <message>
            <source>From Hugging Face: %1 (headers kept in the cache for offline use)</source>
            <translation>Hugging Face에서 읽음: %1 (헤더는 오프라인에서도 쓸 수 있도록 캐시에 보관합니다)</translation>
        </message>
        <message>
            <source>No preset matches &quot;%1&quot;. &lt;a href=&quot;hub&quot;&gt;Read it from Hugging Face…&lt;/a&gt;</source>
            <translation>&quot;%1&quot;에 맞는 프리셋이 없습니다. &lt;a href=&quot;hub&quot;&gt;Hugging Face에서 읽기…&lt;/a&gt;</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::NoticeBar</name>
        <message>
            <source>Dismiss</source>
            <translation>닫기</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::PresetStore</name>
        <message>
            <source>Cannot create folder %1</source>
            <translation>%1 폴더를 만들 수 없습니다</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ReconcileDialog</name>
        <message>
            <source>Close</source>
            <translation>닫기</translation>
        </message>
        <message>
            <source>Runtime Log against the Plan</source>
            <translation>런타임 로그와 계획 비교</translation>
        </message>
        <message>
            <source>Paste a runtime log (llama.cpp, Ollama, vLLM, SGLang, MLX-LM) or open a file:</source>
            <translation>런타임 로그(llama.cpp, Ollama, vLLM, SGLang, MLX-LM)를 붙여 넣거나 파일을 여십시오:</translation>
        </message>
        <message>
            <source>Open Log…</source>
            <translation>로그 열기…</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>비교</translation>
        </message>
        <message>
            <source>Keep These Overheads for This Machine</source>
            <translation>이 장비의 부가 메모리로 저장</translation>
        </message>
        <message>
            <source>Pool</source>
            <translation>메모리 풀</translation>
        </message>
        <message>
            <source>Guest</source>
            <translation>손님</translation>
        </message>
        <message>
            <source>Planned</source>
            <translation>계획값</translation>
        </message>
        <message>
            <source>Planned range</source>
            <translation>계획 범위</translation>
        </message>
        <message>
            <source>Measured</source>
            <translation>측정값</translation>
        </message>
        <message>
            <source>Difference</source>
            <translation>차이</translation>
        </message>
        <message>
            <source>Planned / measured</source>
            <translation>계획 / 측정</translation>
        </message>
        <message>
            <source>Likely cause</source>
            <translation>가능한 원인</translation>
        </message>
        <message>
            <source>Open Runtime Log</source>
            <translation>런타임 로그 열기</translation>
        </message>
        <message>
            <source>Logs (*.log *.txt);;All files (*)</source>
            <translation>로그 (*.log *.txt);;모든 파일 (*)</translation>
        </message>
        <message>
            <source>%1 cannot be opened: %2</source>
            <translation>%1 파일을 열 수 없습니다: %2</translation>
        </message>
        <message>
            <source>(pasted log)</source>
            <translation>(붙여 넣은 로그)</translation>
        </message>
        <message>
            <source>Nothing in this log is a line of a runtime the planner knows.</source>
            <translation>이 로그에는 플래너가 아는 런타임의 줄이 없습니다.</translation>
        </message>
        <message>
            <source>The log names no model the planner can build, so these are its measured figures alone (%1 lines read, runtime %2). To compare them with a plan, tick &quot;Compare with the window's scenario&quot; or choose the model in the window first. GiB = 2^30 bytes.</source>
            <translation>로그에 planner가 구성할 수 있는 모델이 없어 측정값만 보여 줍니다 (읽은 줄 %1개, 런타임 %2). 계획과 비교하려면 &quot;창의 시나리오와 비교&quot;를 켜거나 먼저 창에서 모델을 고르십시오. GiB = 2^30 바이트.</translation>
        </message>
        <message>
            <source>measured only: no plan</source>
            <translation>측정값만: 계획 없음</translation>
        </message>
        <message>
            <source>not compared: %1</source>
            <translation>비교하지 않음: %1</translation>
        </message>
        <message>
            <source>Every measured figure lies inside the planned range.</source>
            <translation>모든 측정값이 계획 범위 안에 있습니다.</translation>
        </message>
        <message>
            <source>Some measured figures lie outside the planned range (highlighted).</source>
            <translation>일부 측정값이 계획 범위를 벗어났습니다(강조 표시).</translation>
        </message>
        <message>
            <source>Runtime: %1, model: %2. GiB = 2^30 bytes.</source>
            <translation>런타임: %1, 모델: %2. GiB = 2^30 바이트.</translation>
        </message>
        <message>
            <source>Saved in %1. Estimates with this runtime use these overheads after the next start and are labelled calibrated.</source>
            <translation>%1에 저장했습니다. 다음 실행부터 이 런타임의 산정은 이 부가 메모리를 쓰고 보정됨으로 표시됩니다.</translation>
        </message>
        <message>
            <source>Compare with the window's scenario</source>
            <translation>창의 시나리오와 비교</translation>
        </message>
        <message>
            <source>Run </source>
            <translation>실행 </translation>
        </message>
        <message>
            <source>The log holds several runs (a restart, another model): the one compared.</source>
            <translation>로그에 실행이 여럿 있습니다(재시작, 다른 모델). 비교할 실행을 고릅니다.</translation>
        </message>
        <message>
            <source>Off: the planner builds the scenario the log describes. On: the log is compared with the scenario in the window, and settings the log shows but it lacks become likely causes.</source>
            <translation>끄면 로그가 설명하는 시나리오를 만들어 비교합니다. 켜면 창의 시나리오와 비교하며, 로그에는 있지만 시나리오에 없는 설정을 유력한 원인으로 봅니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::RuntimePicker</name>
        <message>
            <source>The inference program; it decides how the KV cache is reserved and its own overhead.</source>
            <translation>추론 프로그램입니다. KV 캐시를 어떻게 잡을지와 자체 부담이 여기서 정해집니다.</translation>
        </message>
        <message>
            <source>no launch command for this runtime</source>
            <translation>이 런타임에는 실행 명령이 없습니다</translation>
        </message>
        <message>
            <source>The runtime's command line for these settings.</source>
            <translation>이 설정에 해당하는 런타임 명령줄입니다.</translation>
        </message>
        <message>
            <source>R&amp;untime</source>
            <translation>런타임(&amp;U)</translation>
        </message>
        <message>
            <source>Command</source>
            <translation>명령</translation>
        </message>
        <message>
            <source>Choose runtime %1</source>
            <translation>런타임 %1 선택</translation>
        </message>
        <message>
            <source>Calibrated on this machine from %1: the workspace and system share are the log's measured figures.</source>
            <translation>이 장비에서 %1(으)로 보정했습니다. workspace와 시스템 몫은 로그의 측정값입니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ScenarioDocument</name>
        <message>
            <source>Untitled</source>
            <translation>제목 없음</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::ScenarioName</name>
        <message>
            <source>Custom model</source>
            <translation>사용자 모델</translation>
        </message>
        <message>
            <source>a custom machine</source>
            <translation>사용자 장비</translation>
        </message>
        <message>
            <source>%1× %2</source>
            <translation>%2 %1대</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%2에서 %1</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::SpeedChart</name>
        <message>
            <source>Expected range</source>
            <translation>예상 범위</translation>
        </message>
        <message>
            <source>Expected tokens/s per user</source>
            <translation>시퀀스당 예상 토큰/s</translation>
        </message>
        <message>
            <source>Ceiling (bandwidth and compute)</source>
            <translation>상한 (대역폭과 연산)</translation>
        </message>
        <message>
            <source>Does not fit in memory</source>
            <translation>메모리에 들어가지 않음</translation>
        </message>
        <message>
            <source>tokens/s per user</source>
            <translation>시퀀스당 토큰/s</translation>
        </message>
        <message>
            <source>concurrent sequences</source>
            <translation>동시 시퀀스</translation>
        </message>
        <message>
            <source>decoder layers on the GPU</source>
            <translation>GPU에 둔 디코더 레이어</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::SpeedPanel</name>
        <message>
            <source>Speed</source>
            <translation>속도</translation>
        </message>
        <message>
            <source>Ceiling: bytes each generated token reads divided by the bandwidth of the memory they sit in, capped by compute. Expected: the ceiling times how close this runtime and backend came to it in published measurements.</source>
            <translation>상한: 생성되는 토큰 하나가 읽는 바이트를 그 바이트가 놓인 메모리의 대역폭으로 나눈 값이며, 연산 성능이 그 위를 막습니다. 예상값: 상한에 이 런타임과 backend가 공개된 측정에서 상한에 얼마나 다가갔는지를 곱한 값입니다.</translation>
        </message>
        <message>
            <source> tokens/s</source>
            <translation> 토큰/s</translation>
        </message>
        <message>
            <source>A fitting plan slower than this per user is flagged.</source>
            <translation>들어가는 구성이라도 시퀀스당 속도가 이보다 느리면 경고합니다.</translation>
        </message>
        <message>
            <source>Readable rate:</source>
            <translation>읽을 만한 속도:</translation>
        </message>
        <message>
            <source>Speed against concurrency</source>
            <translation>동시 시퀀스에 따른 속도</translation>
        </message>
        <message>
            <source>Speed against layers on the GPU</source>
            <translation>GPU에 둔 레이어 수에 따른 속도</translation>
        </message>
        <message>
            <source>What the speed chart varies; everything else stays as set.</source>
            <translation>속도 차트에서 바꾸는 값입니다. 나머지는 설정한 그대로입니다.</translation>
        </message>
        <message>
            <source>Speed: not available for this plan.</source>
            <translation>속도: 이 구성에서는 계산할 수 없습니다.</translation>
        </message>
        <message>
            <source>Speed: about %1 tokens/s per user (expected %2–%3; ceiling %4); %5 tokens/s in total at concurrency %6.</source>
            <translation>속도: 시퀀스당 약 %1 토큰/s입니다(예상 %2–%3, 상한 %4). 동시 시퀀스 %6에서 합계 %5 토큰/s입니다.</translation>
        </message>
        <message>
            <source>First token after a %1-token prompt in about %2 s (%3–%4 s).</source>
            <translation>%1 토큰 프롬프트를 읽고 첫 토큰이 나오기까지 약 %2초가 걸립니다(%3–%4초).</translation>
        </message>
        <message>
            <source>This plan fits, but each user would get only about %1 tokens/s, below the readable rate of %2 tokens/s. Layers in host RAM, slow memory or many sequences are the usual causes; see the speed chart.</source>
            <translation>이 구성은 들어가지만 시퀀스당 약 %1 토큰/s밖에 나오지 않아 읽을 만한 속도 %2 토큰/s보다 느립니다. 호스트 RAM에 둔 레이어, 느린 메모리, 많은 동시 시퀀스가 흔한 원인입니다. 속도 차트를 확인하십시오.</translation>
        </message>
        <message>
            <source>Show the Math</source>
            <translation>계산 과정 보기</translation>
        </message>
        <message>
            <source>Formula, inputs and evidence of each speed figure.</source>
            <translation>속도 수치마다 공식, 입력값, 근거를 보여 줍니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::SweepChart</name>
        <message>
            <source>Physical capacity</source>
            <translation>물리 용량</translation>
        </message>
        <message>
            <source>Usable limit</source>
            <translation>사용 가능 한도</translation>
        </message>
        <message>
            <source>%1 memory (%2)</source>
            <translation>%1 메모리(%2)</translation>
        </message>
        <message>
            <source>Context length (tokens per sequence)</source>
            <translation>컨텍스트 길이(시퀀스당 토큰)</translation>
        </message>
        <message>
            <source>Concurrent sequences</source>
            <translation>동시 시퀀스</translation>
        </message>
        <message>
            <source>current: %1</source>
            <translation>현재: %1</translation>
        </message>
        <message>
            <source>largest that fits: %1</source>
            <translation>들어가는 최댓값: %1</translation>
        </message>
        <message>
            <source>↑ off scale: up to %1 %2</source>
            <translation>↑ 범위 밖: 최대 %1 %2</translation>
        </message>
        <message>
            <source>Nothing fits at any context length</source>
            <translation>어떤 컨텍스트 길이에서도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>Nothing fits at any concurrency</source>
            <translation>어떤 동시 시퀀스 수에서도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>Micro-batch (sequences per GPU and step)</source>
            <translation>micro-batch (GPU와 step당 시퀀스)</translation>
        </message>
        <message>
            <source>Training sequence length (tokens)</source>
            <translation>학습 시퀀스 길이 (토큰)</translation>
        </message>
        <message>
            <source>Not even a micro-batch of one fits</source>
            <translation>micro-batch 1도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>Nothing fits at any sequence length</source>
            <translation>어떤 시퀀스 길이에서도 들어가지 않습니다</translation>
        </message>
        <message>
            <source>Context (tokens)</source>
            <translation>컨텍스트 (토큰)</translation>
        </message>
        <message>
            <source>Sequences</source>
            <translation>시퀀스</translation>
        </message>
        <message>
            <source>Micro-batch</source>
            <translation>micro-batch</translation>
        </message>
        <message>
            <source>Sequence (tokens)</source>
            <translation>시퀀스 (토큰)</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::TrainingPanel</name>
        <message>
            <source>Inference serves a trained model; training also keeps gradients, optimizer states and activations for the backward pass.</source>
            <translation>추론은 학습된 모델을 실행합니다. 학습은 backward pass를 위해 gradient, 옵티마이저 상태, activation(활성값)까지 보관합니다.</translation>
        </message>
        <message>
            <source>Inference</source>
            <translation>추론</translation>
        </message>
        <message>
            <source>Training (fine-tuning)</source>
            <translation>학습 (fine-tuning)</translation>
        </message>
        <message>
            <source>What trains: every weight, low-rank adapters on a frozen base, adapters on a 4-bit base, the top layers only, or LitGPT&apos;s LLaMA-Adapter (learned prompt vectors; v2 also a bias and a scale per linear output).</source>
            <translation>무엇을 학습할지 고릅니다. 모든 가중치, 고정된 base model 위의 low-rank adapter, 4비트 base model 위의 adapter, 위쪽 레이어만, 또는 LitGPT의 LLaMA-Adapter(학습되는 프롬프트 벡터. v2는 선형 레이어의 출력마다 편향과 배율도 학습)를 고를 수 있습니다.</translation>
        </message>
        <message>
            <source>Full fine-tuning</source>
            <translation>전체 학습(full fine-tuning)</translation>
        </message>
        <message>
            <source>LoRA</source>
            <translation>LoRA</translation>
        </message>
        <message>
            <source>QLoRA (4-bit NF4 base)</source>
            <translation>QLoRA (4비트 NF4 base model)</translation>
        </message>
        <message>
            <source>Freeze lower layers</source>
            <translation>아래쪽 레이어 고정</translation>
        </message>
        <message>
            <source>LLaMA-Adapter (LitGPT)</source>
            <translation>LLaMA-Adapter (LitGPT)</translation>
        </message>
        <message>
            <source>LLaMA-Adapter v2 (LitGPT)</source>
            <translation>LLaMA-Adapter v2 (LitGPT)</translation>
        </message>
        <message>
            <source>Optimizer states per trainable parameter: AdamW keeps two fp32 moments (8 bytes), 8-bit Adam 2 bytes, SGD with momentum 4, Adafactor a row and a column per matrix.</source>
            <translation>학습 parameter당 옵티마이저 상태입니다. AdamW는 fp32 moment 두 개(8바이트), 8비트 Adam은 2바이트, momentum SGD는 4바이트를 두고, Adafactor는 행렬마다 행 하나와 열 하나만 둡니다.</translation>
        </message>
        <message>
            <source>AdamW</source>
            <translation>AdamW</translation>
        </message>
        <message>
            <source>AdamW 8-bit</source>
            <translation>AdamW 8비트</translation>
        </message>
        <message>
            <source>Paged AdamW</source>
            <translation>Paged AdamW</translation>
        </message>
        <message>
            <source>Paged AdamW 8-bit</source>
            <translation>Paged AdamW 8비트</translation>
        </message>
        <message>
            <source>Adafactor</source>
            <translation>Adafactor</translation>
        </message>
        <message>
            <source>SGD with momentum</source>
            <translation>momentum SGD</translation>
        </message>
        <message>
            <source>LoRA rank r: each targeted matrix gains r × (inputs + outputs) trainable parameters.</source>
            <translation>LoRA rank r: 대상 행렬마다 r × (입력 + 출력)개의 학습 parameter가 붙습니다.</translation>
        </message>
        <message>
            <source>Sequences each GPU processes per forward and backward pass; activations grow with it. Gradient accumulation does not change this peak.</source>
            <translation>GPU마다 forward pass와 backward pass 한 번에 처리하는 시퀀스 수입니다. activation이 이에 비례해 커집니다. gradient accumulation은 이 최고점을 바꾸지 않습니다.</translation>
        </message>
        <message>
            <source> tok</source>
            <translation> 토큰</translation>
        </message>
        <message>
            <source>Tokens per training sequence; activations and logits grow with it.</source>
            <translation>학습 시퀀스 하나의 토큰 수입니다. activation과 logits가 이에 비례해 커집니다.</translation>
        </message>
        <message>
            <source>How the GPUs share the model states: DDP copies them, ZeRO-1 splits optimizer states, ZeRO-2 also gradients, ZeRO-3 and FSDP also the weights.</source>
            <translation>GPU들이 model state를 나누는 방식입니다. DDP는 복제하고, ZeRO-1은 옵티마이저 상태를 나누며, ZeRO-2는 gradient까지, ZeRO-3과 FSDP는 가중치까지 나눕니다.</translation>
        </message>
        <message>
            <source>DDP (no sharding)</source>
            <translation>DDP (나누지 않음)</translation>
        </message>
        <message>
            <source>ZeRO-1</source>
            <translation>ZeRO-1</translation>
        </message>
        <message>
            <source>ZeRO-2</source>
            <translation>ZeRO-2</translation>
        </message>
        <message>
            <source>ZeRO-3</source>
            <translation>ZeRO-3</translation>
        </message>
        <message>
            <source>FSDP full shard</source>
            <translation>FSDP full shard</translation>
        </message>
        <message>
            <source>FSDP hybrid shard</source>
            <translation>FSDP hybrid shard</translation>
        </message>
        <message>
            <source>FSDP shard grad/op</source>
            <translation>FSDP shard grad/op</translation>
        </message>
        <message>
            <source>Activation checkpointing: keep fewer activations and recompute them in the backward pass, trading time for memory.</source>
            <translation>activation checkpointing: activation을 덜 저장하고 backward pass에서 다시 계산해 시간을 들여 메모리를 아낍니다.</translation>
        </message>
        <message>
            <source>None</source>
            <translation>사용 안 함</translation>
        </message>
        <message>
            <source>Selective (attention)</source>
            <translation>선택적 (attention)</translation>
        </message>
        <message>
            <source>Full (every layer)</source>
            <translation>전체 (모든 레이어)</translation>
        </message>
        <message>
            <source>&amp;Method</source>
            <translation>방법(&amp;M)</translation>
        </message>
        <message>
            <source>&amp;Optimizer</source>
            <translation>옵티마이저(&amp;O)</translation>
        </message>
        <message>
            <source>LoRA &amp;rank</source>
            <translation>LoRA rank(&amp;R)</translation>
        </message>
        <message>
            <source>Adapter promp&amp;t</source>
            <translation>adapter 프롬프트 길이(&amp;T)</translation>
        </message>
        <message>
            <source>Adapter from la&amp;yer</source>
            <translation>adapter 시작 레이어(&amp;Y)</translation>
        </message>
        <message>
            <source>Micro-&amp;batch</source>
            <translation>micro-batch(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Sequence</source>
            <translation>시퀀스 길이(&amp;S)</translation>
        </message>
        <message>
            <source>S&amp;harding</source>
            <translation>sharding(&amp;H)</translation>
        </message>
        <message>
            <source>Check&amp;pointing</source>
            <translation>checkpointing(&amp;P)</translation>
        </message>
        <message>
            <source>Wor&amp;kload</source>
            <translation>작업 종류(&amp;K)</translation>
        </message>
        <message>
            <source>Switch inference/training</source>
            <translation>추론/학습 전환</translation>
        </message>
        <message>
            <source>Change training method</source>
            <translation>학습 방법 변경</translation>
        </message>
        <message>
            <source>Change optimizer</source>
            <translation>옵티마이저 변경</translation>
        </message>
        <message>
            <source>Change sharding</source>
            <translation>sharding 변경</translation>
        </message>
        <message>
            <source>Change checkpointing</source>
            <translation>checkpointing 변경</translation>
        </message>
        <message>
            <source>Change LoRA rank</source>
            <translation>LoRA rank 변경</translation>
        </message>
        <message>
            <source>Change adapter prompt length</source>
            <translation>adapter 프롬프트 길이 변경</translation>
        </message>
        <message>
            <source>Change adapter start layer</source>
            <translation>adapter 시작 레이어 변경</translation>
        </message>
        <message>
            <source>LLaMA-Adapter: learned prompt vectors each adapted layer attends to (LitGPT&apos;s adapter_prompt_length, 10 by default).</source>
            <translation>LLaMA-Adapter: adapter가 붙은 각 레이어가 attention으로 참조하는, 학습되는 프롬프트 벡터의 개수입니다(LitGPT의 adapter_prompt_length, 기본값 10).</translation>
        </message>
        <message>
            <source>LLaMA-Adapter: the first layer that gets the prompt (LitGPT&apos;s adapter_start_layer, 2 by default); backward stops there in v1.</source>
            <translation>LLaMA-Adapter: 프롬프트를 받는 첫 레이어입니다(LitGPT의 adapter_start_layer, 기본값 2). v1에서는 backward가 이 레이어에서 멈춥니다.</translation>
        </message>
        <message>
            <source>Change micro-batch</source>
            <translation>micro-batch 변경</translation>
        </message>
        <message>
            <source>Change sequence length</source>
            <translation>시퀀스 길이 변경</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::VerdictBanner</name>
        <message>
            <source>Copy the verdict</source>
            <translation>판정 복사</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>판정</translation>
        </message>
        <message>
            <source>Preset not loaded: %1</source>
            <translation>읽지 못한 프리셋: %1</translation>
        </message>
        <message>
            <source>Cannot estimate: %1</source>
            <translation>산정할 수 없음: %1</translation>
        </message>
        <message>
            <source>No estimate yet</source>
            <translation>아직 산정 결과 없음</translation>
        </message>
        <message>
            <source>Fits: %1 free on %2</source>
            <translation>들어감: %2에 %1 남음</translation>
        </message>
        <message>
            <source>Does not fit: %1</source>
            <translation>들어가지 않음: %1</translation>
        </message>
        <message>
            <source>%1 over by %2 (needs %3 of %4 usable)</source>
            <translation>%1: %2 초과 (사용 가능한 %4 중 %3 필요)</translation>
        </message>
        <message>
            <source>%1 while loading: the peak of %2 is over the %3 usable by %4</source>
            <translation>%1: 로딩 중 최고점(%2)이 사용 가능 한도(%3)보다 %4 큽니다</translation>
        </message>
        <message>
            <source>The micro-batch can grow to %1 sequences</source>
            <translation>micro-batch를 시퀀스 %1개까지 늘릴 수 있습니다</translation>
        </message>
        <message>
            <source>Training sequences can grow to %1 tokens</source>
            <translation>학습 시퀀스를 %1 토큰까지 늘릴 수 있습니다</translation>
        </message>
        <message>
            <source>Recompute every layer in the backward pass (full checkpointing)</source>
            <translation>backward pass에서 모든 레이어를 다시 계산하십시오 (전체 checkpointing)</translation>
        </message>
        <message>
            <source>Keep the optimizer states in 8 bits (%1)</source>
            <translation>옵티마이저 상태를 8비트로 두십시오 (%1)</translation>
        </message>
        <message>
            <source>Shard the model states over the GPUs (%1, ZeRO stage %2)</source>
            <translation>model state를 GPU들에 나눠 두십시오 (%1, ZeRO stage %2)</translation>
        </message>
        <message>
            <source>Offload the optimizer states to host RAM (%1 with CPU offload)</source>
            <translation>옵티마이저 상태를 호스트 RAM으로 오프로드하십시오 (%1, CPU 오프로드)</translation>
        </message>
        <message>
            <source>Micro-batch %1 with %2 accumulation steps (same sequences per step)</source>
            <translation>micro-batch %1, accumulation %2 step으로 하십시오 (step당 시퀀스 수는 같음)</translation>
        </message>
        <message>
            <source>Train LoRA adapters instead of every weight</source>
            <translation>모든 가중치 대신 LoRA adapter를 학습하십시오</translation>
        </message>
        <message>
            <source>Keep the frozen base in 4-bit NF4 (QLoRA)</source>
            <translation>고정된 base를 4비트 NF4로 두십시오 (QLoRA)</translation>
        </message>
        <message>
            <source>Shorten training sequences to %1 tokens</source>
            <translation>학습 시퀀스를 %1 토큰으로 줄이십시오</translation>
        </message>
        <message>
            <source>Compute the loss in chunks (chunked cross-entropy)</source>
            <translation>손실을 조각으로 나눠 계산하십시오 (조각별 교차 엔트로피)</translation>
        </message>
        <message>
            <source>Compile the model and loss (torch.compile)</source>
            <translation>모델과 손실을 컴파일하십시오 (torch.compile)</translation>
        </message>
        <message>
            <source>Apply each gradient inside the backward pass (optimizer in backward)</source>
            <translation>backward pass 안에서 gradient마다 바로 적용하십시오 (backward 안의 옵티마이저 스텝)</translation>
        </message>
        <message>
            <source>Offload saved activations to host RAM</source>
            <translation>저장된 activation을 호스트 RAM으로 오프로드하십시오</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::WhatIfPanel</name>
        <message>
            <source>The runtime setting %1 decides how many layers are on the GPU; this slider follows it. Change or remove that setting in the scenario's runtime settings to choose here.</source>
            <translation>런타임 설정 %1이(가) GPU에 둘 레이어 수를 정하므로 이 슬라이더는 그 값을 따릅니다. 여기서 고르려면 시나리오의 런타임 설정에서 그 설정을 바꾸거나 지우십시오.</translation>
        </message>
        <message>
            <source>The runtime setting %1 decides where the KV cache is kept; this box follows it. Change or remove that setting in the scenario's runtime settings to choose here.</source>
            <translation>런타임 설정 %1이(가) KV 캐시를 둘 곳을 정하므로 이 상자는 그 값을 따릅니다. 여기서 고르려면 시나리오의 런타임 설정에서 그 설정을 바꾸거나 지우십시오.</translation>
        </message>
        <message>
            <source>The runtime setting %1 stores the KV cache as %2; this control follows it. Change or remove that setting in the scenario's runtime settings to choose here.</source>
            <translation>런타임 설정 %1이(가) KV 캐시를 %2(으)로 저장하므로 이 항목은 그 값을 따릅니다. 여기서 고르려면 시나리오의 런타임 설정에서 그 설정을 바꾸거나 지우십시오.</translation>
        </message>
        <message>
            <source>The runtime settings %1 store keys as %2 and values as %3; this control shows the keys. Change or remove those settings in the scenario's runtime settings to choose here.</source>
            <translation>런타임 설정 %1이(가) 키(K)를 %2, 값(V)을 %3(으)로 저장하므로 이 항목은 키의 형식을 보여 줍니다. 여기서 고르려면 시나리오의 런타임 설정에서 그 설정들을 바꾸거나 지우십시오.</translation>
        </message>
        <message>
            <source> tok</source>
            <translation> 토큰</translation>
        </message>
        <message>
            <source>Tokens each sequence holds (prompt and answer); the KV cache grows with it.</source>
            <translation>시퀀스마다 붙드는 토큰 수(프롬프트와 답변)입니다. KV 캐시가 이에 따라 커집니다.</translation>
        </message>
        <message>
            <source>Sequences served at the same time; each needs its own KV cache.</source>
            <translation>동시에 처리하는 시퀀스 수입니다. 시퀀스마다 자기 KV 캐시가 필요합니다.</translation>
        </message>
        <message>
            <source>How each weight is stored; fewer bits free memory for the KV cache.</source>
            <translation>가중치를 저장하는 방식입니다. 비트가 적을수록 KV 캐시에 쓸 메모리가 생깁니다.</translation>
        </message>
        <message>
            <source>Model default</source>
            <translation>모델 기본값</translation>
        </message>
        <message>
            <source>Storage type of the KV cache; 8-bit halves it, 4-bit quarters it.</source>
            <translation>KV 캐시의 저장 형식입니다. 8비트면 절반, 4비트면 4분의 1이 됩니다.</translation>
        </message>
        <message>
            <source>Query heads per KV head: 1 is multi-head attention, all heads is multi-query attention.</source>
            <translation>KV head 하나당 query head 수입니다. 1이면 multi-head attention, 전부면 multi-query attention입니다.</translation>
        </message>
        <message>
            <source>hypothetical</source>
            <translation>가정</translation>
        </message>
        <message>
            <source>This KV head count differs from the real model: a what-if architecture.</source>
            <translation>이 KV head 수는 실제 모델과 다릅니다. 가정한 구조입니다.</translation>
        </message>
        <message>
            <source>Share of layers on the GPU; the rest run from host RAM, slower.</source>
            <translation>GPU에 두는 레이어 비율입니다. 나머지는 호스트 RAM에서 더 느리게 돕니다.</translation>
        </message>
        <message>
            <source>KV cache on GPU</source>
            <translation>GPU에 KV 캐시</translation>
        </message>
        <message>
            <source>Keep the KV cache of GPU layers in VRAM; off moves all of it to host RAM.</source>
            <translation>GPU 레이어의 KV 캐시를 VRAM에 둡니다. 끄면 전부 호스트 RAM으로 옮깁니다.</translation>
        </message>
        <message>
            <source>&amp;Context</source>
            <translation>컨텍스트 길이(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Users</source>
            <translation>동시 시퀀스(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Weights</source>
            <translation>가중치(&amp;W)</translation>
        </message>
        <message>
            <source>&amp;KV cache</source>
            <translation>KV 캐시(&amp;K)</translation>
        </message>
        <message>
            <source>&amp;GQA ratio</source>
            <translation>GQA 비율(&amp;G)</translation>
        </message>
        <message>
            <source>GPU &amp;layers</source>
            <translation>GPU 레이어(&amp;L)</translation>
        </message>
        <message>
            <source>Change context length</source>
            <translation>컨텍스트 길이 변경</translation>
        </message>
        <message>
            <source>Change concurrency</source>
            <translation>동시 시퀀스 수 변경</translation>
        </message>
        <message>
            <source>Change weight format</source>
            <translation>가중치 형식 변경</translation>
        </message>
        <message>
            <source>Change KV cache type</source>
            <translation>KV 캐시 형식 변경</translation>
        </message>
        <message>
            <source>Change GQA ratio</source>
            <translation>GQA 비율 변경</translation>
        </message>
        <message>
            <source>Change GPU layer share</source>
            <translation>GPU 레이어 비율 변경</translation>
        </message>
        <message>
            <source>Toggle KV cache on GPU</source>
            <translation>GPU KV 캐시 켜기/끄기</translation>
        </message>
        <message>
            <source>latent attention (MLA)</source>
            <translation>latent attention(MLA)</translation>
        </message>
        <message>
            <source>n/a</source>
            <translation>해당 없음</translation>
        </message>
        <message>
            <source>MHA</source>
            <translation>MHA</translation>
        </message>
        <message>
            <source>MQA</source>
            <translation>MQA</translation>
        </message>
        <message>
            <source>GQA</source>
            <translation>GQA</translation>
        </message>
        <message numerus="yes">
            <source>%1:1 → %n KV head(s), %2</source>
            <translation>
                <numerusform>%1:1 → KV head %n개, %2</numerusform>
            </translation>
        </message>
        <message>
            <source> (model)</source>
            <translation> (모델)</translation>
        </message>
        <message>
            <source>A training estimate does not use this: set the sequence length and micro-batch in the Training box.</source>
            <translation>학습 산정에는 쓰이지 않습니다. 시퀀스 길이와 micro-batch는 학습 상자에서 정하십시오.</translation>
        </message>
    </context>
    <context>
        <name>ReconcileText</name>
        <message>
            <source>The planner expects a fit, but the runtime itself held %1 and asked for %2 more; the plan for that device is %3.</source>
            <translation>planner는 들어간다고 보지만 런타임 자신이 %1을(를) 쓰고 있었고 %2을(를) 더 요청했습니다. 그 장치의 계획은 %3입니다.</translation>
        </message>
        <message>
            <source>the log shows %1 = %2, the scenario does not set it</source>
            <translation>로그에는 %1 = %2(으)로 나오지만 시나리오에는 이 설정이 없습니다</translation>
        </message>
        <message>
            <source>the log shows %1 = %2, which the planner does not model</source>
            <translation>로그에는 %1 = %2(으)로 나오지만 플래너는 이 설정을 모델링하지 않습니다</translation>
        </message>
        <message>
            <source>the log shows %1 = %2, the scenario has %3</source>
            <translation>로그에는 %1 = %2(으)로 나오지만 시나리오에는 %3입니다</translation>
        </message>
        <message>
            <source>pipeline parallelism (n_copies=%1) keeps several copies of the cross-device inputs</source>
            <translation>파이프라인 병렬(n_copies=%1)이 장치 사이 입력의 사본을 여러 벌 둡니다</translation>
        </message>
        <message>
            <source>the log does not print the weights format; the scenario assumes the model's own</source>
            <translation>로그에 가중치 형식이 나오지 않습니다. 시나리오는 모델 원래 형식으로 가정합니다</translation>
        </message>
        <message>
            <source>the log does not print its release; the runtime's accounting changes between releases</source>
            <translation>로그에 릴리스가 나오지 않습니다. 런타임의 메모리 계산 방식은 릴리스마다 바뀝니다</translation>
        </message>
        <message>
            <source>a different release (%1) than the runtime profile describes, or a setting the log does not print</source>
            <translation>런타임 프로필과 다른 릴리스(%1)이거나 로그에 나오지 않는 설정 때문입니다</translation>
        </message>
        <message>
            <source>CPU_Mapped beside GPU weights is the mapped file span from the first to the last host tensor (GPU tensors in between included): address space, not resident memory</source>
            <translation>GPU 가중치 옆의 CPU_Mapped는 첫 호스트 텐서부터 마지막 호스트 텐서까지 매핑된 파일 범위입니다(사이의 GPU 텐서 포함). 주소 공간일 뿐 실제로 차지한 메모리가 아닙니다</translation>
        </message>
        <message>
            <source>the log prints the non-torch memory but not the CUDA graphs: part of this guest</source>
            <translation>로그에 non-torch 메모리는 나오지만 CUDA 그래프는 나오지 않습니다. 이 손님의 일부만 보입니다</translation>
        </message>
        <message>
            <source>total (weights, KV cache and activation)</source>
            <translation>합계 (가중치, KV 캐시, activation)</translation>
        </message>
        <message>
            <source>KV cache tokens</source>
            <translation>KV 캐시 토큰 수</translation>
        </message>
        <message>
            <source>the KV cache left over cannot hold one request's context</source>
            <translation>남은 KV 캐시가 요청 하나의 컨텍스트를 담지 못합니다</translation>
        </message>
        <message>
            <source>no memory was left for the KV cache</source>
            <translation>KV 캐시에 남은 메모리가 없습니다</translation>
        </message>
        <message>
            <source>PyTorch ran out of GPU memory</source>
            <translation>PyTorch가 GPU 메모리를 다 썼습니다</translation>
        </message>
        <message>
            <source>a device buffer could not be allocated</source>
            <translation>장치 버퍼를 할당하지 못했습니다</translation>
        </message>
        <message>
            <source>the context could not be created</source>
            <translation>컨텍스트를 만들지 못했습니다</translation>
        </message>
        <message>
            <source>the model needs more system memory than is available</source>
            <translation>모델이 쓸 수 있는 시스템 메모리보다 많이 필요로 합니다</translation>
        </message>
        <message>
            <source>Metal ran out of memory</source>
            <translation>Metal이 메모리를 다 썼습니다</translation>
        </message>
        <message>
            <source>The planner expects a fit, but only %1 of %2 was free: other processes held the rest.</source>
            <translation>planner는 들어간다고 보지만 %2 중 %1만 비어 있었습니다. 나머지는 다른 프로세스가 쓰고 있었습니다.</translation>
        </message>
        <message>
            <source>The runtime needs the context to fit in one request's KV cache: it suggests %1 tokens instead of %2.</source>
            <translation>런타임은 컨텍스트가 요청 하나의 KV 캐시에 들어가야 합니다. %2 토큰 대신 %1 토큰을 제안합니다.</translation>
        </message>
        <message>
            <source>The planner expects a fit; a setting the log does not print, or memory outside the plan, made the difference.</source>
            <translation>planner는 들어간다고 봅니다. 로그에 찍히지 않은 설정이나 계획 밖의 메모리가 차이를 만들었습니다.</translation>
        </message>
        <message>
            <source>The log holds %1 runs; run %2 (lines %3–%4) is shown.</source>
            <translation>로그에 실행이 %1개 있습니다. %2번째 실행(%3–%4번째 줄)을 보여 줍니다.</translation>
        </message>
        <message>
            <source>Did not start: %1 (%2, line %3). Wanted %4, free %5, total %6.</source>
            <translation>시작하지 않았습니다: %1 (%2, %3번째 줄). 요청 %4, 빈 메모리 %5, 전체 %6.</translation>
        </message>
        <message>
            <source>The runtime estimates the longest context that fits: %1 tokens.</source>
            <translation>런타임이 추정한 들어가는 최대 컨텍스트: %1 토큰.</translation>
        </message>
        <message>
            <source>The planner's verdict: fits.</source>
            <translation>planner의 판정: 들어감.</translation>
        </message>
        <message>
            <source>The planner's verdict: does not fit.</source>
            <translation>planner의 판정: 들어가지 않음.</translation>
        </message>
    </context>
    <context>
        <name>SpeedMathText</name>
        <message>
            <source>No speed figure for this plan.</source>
            <translation>이 구성에는 속도 수치가 없습니다.</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>속도</translation>
        </message>
        <message>
            <source>In: %1</source>
            <translation>위치: %1</translation>
        </message>
        <message>
            <source>Formula:</source>
            <translation>식:</translation>
        </message>
        <message>
            <source>Symbol</source>
            <translation>기호</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>값</translation>
        </message>
        <message>
            <source>Where it came from</source>
            <translation>출처</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>뜻</translation>
        </message>
        <message>
            <source>Evidence</source>
            <translation>근거</translation>
        </message>
        <message>
            <source>Figure</source>
            <translation>수치</translation>
        </message>
        <message>
            <source>What it is</source>
            <translation>설명</translation>
        </message>
        <message>
            <source>Bound: the physical ceiling from the formula, with efficiency 1.</source>
            <translation>상한: 효율을 1로 둔 공식이 주는 물리적 한계입니다.</translation>
        </message>
        <message>
            <source>Expected: the bound's time over the backend's efficiency η, plus the fixed costs of a step, low to high, from published measurements (docs/accuracy.md).</source>
            <translation>예상값: 상한의 시간을 backend 효율 η로 나누고 스텝의 고정 비용을 더한 값입니다(낮음~높음). 값은 공개된 측정에서 가져왔습니다(docs/accuracy.md).</translation>
        </message>
        <message>
            <source>Not measured: run the model and compare with the expected range.</source>
            <translation>측정하지 않았습니다. 모델을 실행해 예상 범위와 비교해 보십시오.</translation>
        </message>
        <message>
            <source>Limited by:</source>
            <translation>제한 요인:</translation>
        </message>
        <message>
            <source>This holds for concurrency %1, %2 tokens of context per sequence and a %3-token prompt.</source>
            <translation>동시 시퀀스 %1, 시퀀스당 컨텍스트 %2 토큰, 프롬프트 %3 토큰일 때의 값입니다.</translation>
        </message>
    </context>
    <context>
        <name>SpeedText</name>
        <message>
            <source>layers that attend to every cached token</source>
            <translation>캐시된 모든 토큰을 보는 레이어 수</translation>
        </message>
        <message>
            <source>layers that attend through a window (W × T − W²/2 pairs once T passes W)</source>
            <translation>윈도 안의 토큰만 보는 레이어 수(T가 W를 넘으면 W × T − W²/2 쌍)</translation>
        </message>
        <message>
            <source>attention window, tokens</source>
            <translation>attention 윈도 크기(토큰)</translation>
        </message>
        <message>
            <source>head dimension (latent attention: the mean of the K and V sizes it multiplies)</source>
            <translation>head 차원(MLA에서는 곱하는 K와 V 크기의 평균)</translation>
        </message>
        <message>
            <source>share of the attention computed in the first pool (llama.cpp: its share of the KV cache)</source>
            <translation>첫 번째 풀에서 계산하는 attention 비율(llama.cpp: 그 풀이 가진 KV 캐시의 비율)</translation>
        </message>
        <message>
            <source>the CPU's float rate for attention over a cache in host RAM (0 = attention runs with the weights)</source>
            <translation>호스트 RAM에 있는 캐시로 attention을 계산할 때 CPU의 부동소수점 속도(0 = 가중치와 같은 곳에서 계산)</translation>
        </message>
        <message>
            <source>Speed: none. The plan does not fit in memory, so it would not run.</source>
            <translation>속도: 없음. 이 계획은 메모리에 들어가지 않아 실행되지 않습니다.</translation>
        </message>
        <message>
            <source>Speed: the plan does not fit in memory, so it would not run as set. With %1 of %2 layers on the GPU and the rest in host RAM it fits, at about %3 per user (expected %4).</source>
            <translation>속도: 이 계획은 메모리에 들어가지 않아 설정대로는 실행되지 않습니다. 레이어 %2개 중 %1개를 GPU에 두고 나머지를 호스트 RAM에 두면 들어가며, 시퀀스당 약 %3입니다(예상 범위 %4).</translation>
        </message>
        <message>
            <source>decode speed per sequence</source>
            <translation>시퀀스당 decode 속도</translation>
        </message>
        <message>
            <source>decode speed, all sequences</source>
            <translation>전체 시퀀스의 decode 속도</translation>
        </message>
        <message>
            <source>prompt processing (prefill)</source>
            <translation>프롬프트 처리 (prefill)</translation>
        </message>
        <message>
            <source>time to first token</source>
            <translation>첫 토큰까지 걸리는 시간</translation>
        </message>
        <message>
            <source>decode step time in this pool</source>
            <translation>이 풀에서 decode 한 단계에 걸리는 시간</translation>
        </message>
        <message>
            <source>all-reduce between GPUs per step</source>
            <translation>단계마다 GPU 사이에서 하는 all-reduce</translation>
        </message>
        <message>
            <source>memory bandwidth</source>
            <translation>메모리 대역폭</translation>
        </message>
        <message>
            <source>host RAM bandwidth</source>
            <translation>호스트 RAM 대역폭</translation>
        </message>
        <message>
            <source>host link (PCIe)</source>
            <translation>호스트 연결 (PCIe)</translation>
        </message>
        <message>
            <source>compute</source>
            <translation>연산</translation>
        </message>
        <message>
            <source>GPU interconnect</source>
            <translation>GPU 간 연결</translation>
        </message>
        <message>
            <source>GPU memory</source>
            <translation>GPU 메모리</translation>
        </message>
        <message>
            <source>unified memory</source>
            <translation>통합 메모리</translation>
        </message>
        <message>
            <source>host RAM, computed by the CPU</source>
            <translation>호스트 RAM (CPU가 연산)</translation>
        </message>
        <message>
            <source>host RAM streamed over the host link</source>
            <translation>호스트 연결로 보내는 호스트 RAM</translation>
        </message>
        <message>
            <source>sequences decoded together</source>
            <translation>함께 decode하는 시퀀스 수</translation>
        </message>
        <message>
            <source>weight bytes read per step (active experts only)</source>
            <translation>단계마다 읽는 가중치 바이트 (활성 expert만)</translation>
        </message>
        <message>
            <source>KV bytes read per step and sequence</source>
            <translation>단계와 시퀀스마다 읽는 KV 바이트</translation>
        </message>
        <message>
            <source>bandwidth of the first pool, bytes/s</source>
            <translation>첫 풀의 대역폭, 바이트/초</translation>
        </message>
        <message>
            <source>bandwidth of the last pool, bytes/s</source>
            <translation>마지막 풀의 대역폭, 바이트/초</translation>
        </message>
        <message>
            <source>dense FLOP/s for the weight format (0 = no figure)</source>
            <translation>가중치 형식의 dense FLOP/s (0 = 수치 없음)</translation>
        </message>
        <message>
            <source>dense FLOP/s: none stated, so the bandwidth times the highest FLOP per byte of the GPU presets (the expected range spans the presets' tenth percentile to the highest)</source>
            <translation>밀집 FLOP/s: 수치가 없어 대역폭에 GPU 프리셋의 가장 높은 바이트당 FLOP을 곱한 값 (예상 범위는 프리셋의 하위 10% 지점부터 최댓값까지)</translation>
        </message>
        <message>
            <source>active parameters per token</source>
            <translation>토큰당 활성 파라미터 수</translation>
        </message>
        <message>
            <source>decode efficiency of the backend (middle)</source>
            <translation>backend의 decode 효율 (중간값)</translation>
        </message>
        <message>
            <source>prompt tokens</source>
            <translation>프롬프트 토큰 수</translation>
        </message>
        <message>
            <source>tokens per micro-batch</source>
            <translation>micro-batch당 토큰 수</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>레이어 수</translation>
        </message>
        <message>
            <source>attention heads</source>
            <translation>attention head 수</translation>
        </message>
        <message>
            <source>head dimension</source>
            <translation>head 차원</translation>
        </message>
        <message>
            <source>weight bytes read per micro-batch (experts the batch touches)</source>
            <translation>micro-batch마다 읽는 가중치 바이트 (batch가 건드리는 expert)</translation>
        </message>
        <message>
            <source>prefill efficiency of the backend (middle)</source>
            <translation>backend의 prefill 효율 (중간값)</translation>
        </message>
        <message>
            <source>weight bytes read per step here</source>
            <translation>여기서 단계마다 읽는 가중치 바이트</translation>
        </message>
        <message>
            <source>KV bytes per sequence here</source>
            <translation>여기 있는 시퀀스당 KV 바이트</translation>
        </message>
        <message>
            <source>bandwidth the reads run at, bytes/s</source>
            <translation>읽기가 이루어지는 대역폭, 바이트/초</translation>
        </message>
        <message>
            <source>share of the bandwidth the reads are known to reach (expected only; the bound reads at the peak)</source>
            <translation>읽기가 실제로 도달한다고 알려진 대역폭 비율 (예상값에만 적용하고 상한은 최대 대역폭으로 읽음)</translation>
        </message>
        <message>
            <source>parameters multiplied here per token</source>
            <translation>여기서 토큰마다 곱하는 파라미터 수</translation>
        </message>
        <message>
            <source>dense FLOP/s here (0 = no figure)</source>
            <translation>여기의 dense FLOP/s (0 = 수치 없음)</translation>
        </message>
        <message>
            <source>decode efficiency here (middle)</source>
            <translation>여기의 decode 효율 (중간값)</translation>
        </message>
        <message>
            <source>the CPU kernels&apos; rate for this weight type relative to Q4_K&apos;s (in the compute share)</source>
            <translation>이 가중치 형식에 대한 CPU 커널의 속도, Q4_K 대비 (연산 효율에 반영)</translation>
        </message>
        <message>
            <source>fixed cost per layer and step, s (middle)</source>
            <translation>레이어 하나의 스텝당 고정 비용, 초 (중간값)</translation>
        </message>
        <message>
            <source>the runtime&apos;s host work per step, s (middle)</source>
            <translation>런타임이 스텝마다 호스트에서 하는 일, 초 (중간값)</translation>
        </message>
        <message>
            <source>layers computed here</source>
            <translation>여기서 계산하는 레이어 수</translation>
        </message>
        <message>
            <source>hand-overs per step (GPU and CPU; GPUs under -sm row)</source>
            <translation>스텝마다 작업을 넘기는 횟수 (GPU와 CPU 사이, split_mode=row에서는 GPU 사이)</translation>
        </message>
        <message>
            <source>cost of one hand-over, s (middle)</source>
            <translation>한 번 넘길 때 드는 비용, 초 (중간값)</translation>
        </message>
        <message>
            <source>share of the routed experts the B sequences&apos; picks touch, 1 − (1 − k/E)^B (expected; the bound keeps k/E)</source>
            <translation>B개 시퀀스가 고른 expert를 합쳐 한 스텝에 읽는, 라우팅되는 expert의 비율, 1 − (1 − k/E)^B (예상값에만 적용하고 상한은 k/E를 유지)</translation>
        </message>
        <message>
            <source>fixed cost per layer and step here, s (middle)</source>
            <translation>여기서 레이어 하나의 스텝당 고정 비용, 초 (중간값)</translation>
        </message>
        <message>
            <source>llama-bench decode on A100 and H100 cards (HBM; tests/data/speed, modelling set)</source>
            <translation>A100·H100 카드의 llama-bench decode (HBM; tests/data/speed, 모델링 세트)</translation>
        </message>
        <message>
            <source>llama-bench decode on GeForce, RTX workstation and L40S cards (GDDR; tests/data/speed, modelling set)</source>
            <translation>GeForce·RTX 워크스테이션·L40S 카드의 llama-bench decode (GDDR; tests/data/speed, 모델링 세트)</translation>
        </message>
        <message>
            <source>llama-bench decode on M1, M1 Max, M2 Ultra, M3, M3 Max and M4 (tests/data/speed, modelling set)</source>
            <translation>M1, M1 Max, M2 Ultra, M3, M3 Max, M4의 llama-bench decode (tests/data/speed, 모델링 세트)</translation>
        </message>
        <message>
            <source>llama-bench tg128 on CPU-only machines (tests/data/speed); prefill has no CPU rate to apply it to</source>
            <translation>CPU 전용 머신의 llama-bench tg128 (tests/data/speed); prefill에는 적용할 CPU 연산 속도가 없음</translation>
        </message>
        <message>
            <source>mlx_lm, vllm-mlx and Rapid-MLX generation on M2 Ultra, M3 Pro, M3 Max, M3 Ultra and M4 Pro (tests/data/speed, modelling set)</source>
            <translation>M2 Ultra, M3 Pro, M3 Max, M3 Ultra, M4 Pro의 mlx_lm·vllm-mlx·Rapid-MLX 생성 (tests/data/speed, 모델링 세트)</translation>
        </message>
        <message>
            <source>GPUs</source>
            <translation>GPU 수</translation>
        </message>
        <message>
            <source>hidden size</source>
            <translation>hidden 크기</translation>
        </message>
        <message>
            <source>GPU-to-GPU bytes/s per direction</source>
            <translation>GPU 사이 방향별 바이트/초</translation>
        </message>
        <message>
            <source>fixed cost per all-reduce, s</source>
            <translation>all-reduce마다 드는 고정 비용, 초</translation>
        </message>
        <message>
            <source>the theory profile: expected = bound</source>
            <translation>이론 프로필: 예상값 = 상한</translation>
        </message>
        <message>
            <source>llama-bench on an RX 7900 XTX (tests/data/speed; one GPU, so a narrow basis)</source>
            <translation>RX 7900 XTX의 llama-bench (tests/data/speed; GPU 하나뿐이라 근거가 좁습니다)</translation>
        </message>
        <message>
            <source>llama-bench decode on GeForce, Radeon and Strix Halo GPUs (Vulkan; tests/data/speed, modelling set)</source>
            <translation>GeForce, Radeon, Strix Halo GPU의 llama-bench decode (Vulkan; tests/data/speed 모델링 집합)</translation>
        </message>
        <message>
            <source>llama-bench decode on an Arc A770 (Vulkan; tests/data/speed, modelling set: two runs, so a narrow basis)</source>
            <translation>Arc A770의 llama-bench decode (Vulkan; tests/data/speed 모델링 집합: 실행 두 번뿐이라 근거가 좁습니다)</translation>
        </message>
        <message>
            <source>fallback: no measurement collected</source>
            <translation>대체값: 모은 측정이 없습니다</translation>
        </message>
        <message>
            <source>vLLM single-request decode on 2 x A100 and an RTX 4090 (tests/data/speed); prefill: fallback</source>
            <translation>A100 2장과 RTX 4090에서 요청 하나의 vLLM decode (tests/data/speed). prefill은 대체값</translation>
        </message>
        <message>
            <source>fallback: below the CUDA row</source>
            <translation>대체값: CUDA 행보다 낮게</translation>
        </message>
        <message>
            <source>pinned host-to-device copies reach about 75 % of the PCIe rate</source>
            <translation>고정(pinned) 메모리의 호스트→장치 복사는 PCIe 속도의 약 75%에 이릅니다</translation>
        </message>
        <message>
            <source>pageable host-to-device copies, staged by the CPU through a pinned buffer: about 17.6 GB/s (55 % of PCIe 4.0 x16) on any link</source>
            <translation>페이지 교체가 가능한 일반 메모리의 호스트→장치 복사는 CPU가 고정 버퍼로 먼저 옮기므로 링크와 관계없이 약 17.6 GB/s(PCIe 4.0 x16의 55%)입니다</translation>
        </message>
        <message>
            <source>fallback for an unmeasured runtime and backend</source>
            <translation>측정이 없는 런타임과 backend의 대체값</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1초</translation>
        </message>
        <message>
            <source>%1 tokens/s</source>
            <translation>%1 토큰/s</translation>
        </message>
        <message>
            <source>%1–%2 ms</source>
            <translation>%1–%2 ms</translation>
        </message>
        <message>
            <source>%1–%2 s</source>
            <translation>%1–%2초</translation>
        </message>
        <message>
            <source>%1–%2 tokens/s</source>
            <translation>%1–%2 토큰/s</translation>
        </message>
        <message>
            <source>B × decode speed per sequence</source>
            <translation>B × 시퀀스당 decode 속도</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::RangeSpinBox</name>
        <message>
            <source>allowed %1 to %2</source>
            <translation>허용 범위 %1~%2</translation>
        </message>
        <message>
            <source>%1: %2 is above the maximum (%3); using %4.</source>
            <translation>%1: 입력값이 최댓값보다 큽니다(입력 %2, %3). %4 값으로 맞춥니다.</translation>
        </message>
        <message>
            <source>%1: %2 is below the minimum (%3); using %4.</source>
            <translation>%1: 입력값이 최솟값보다 작습니다(입력 %2, %3). %4 값으로 맞춥니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::AdviceText</name>
        <message>
            <source>Keep the MoE experts in host RAM, attention and the KV cache on the GPU</source>
            <translation>MoE expert는 호스트 RAM에 두고 attention과 KV 캐시는 GPU에</translation>
        </message>
        <message>
            <source>Keep the MoE experts in host RAM (%1), attention and the KV cache on the GPU</source>
            <translation>MoE expert는 호스트 RAM에 두고(%1) attention과 KV 캐시는 GPU에</translation>
        </message>
        <message>
            <source>Raise the GPU memory limit to %1 (%2)</source>
            <translation>GPU 메모리 한도 올리기: %1 (%2)</translation>
        </message>
        <message>
            <source>speed: the experts each token uses are read at host-RAM bandwidth</source>
            <translation>속도: 토큰마다 쓰는 expert를 호스트 RAM 대역폭으로 읽습니다</translation>
        </message>
        <message>
            <source>a system setting: less memory is left for other programs</source>
            <translation>시스템 설정: 다른 프로그램에 남는 메모리가 줄어듭니다</translation>
        </message>
        <message>
            <source>Ollama's own estimate puts %1 of %2 layers on the GPU when num_gpu is not set</source>
            <translation>num_gpu를 정하지 않으면 Ollama는 자체 추정으로 레이어 %2개 중 %1개를 GPU에 올립니다</translation>
        </message>
        <message>
            <source>none to choose: this is what Ollama does; set num_gpu to override it</source>
            <translation>고를 것 없음: Ollama가 실제로 하는 일입니다. 바꾸려면 num_gpu를 정하십시오</translation>
        </message>
        <message>
            <source>Context can grow to %1 tokens</source>
            <translation>컨텍스트를 %1 토큰까지 늘릴 수 있습니다</translation>
        </message>
        <message>
            <source>Up to %1 concurrent sequences at this context</source>
            <translation>이 컨텍스트에서 동시 시퀀스를 최대 %1개까지 돌릴 수 있습니다</translation>
        </message>
        <message>
            <source>Shorten the context to %1 tokens</source>
            <translation>컨텍스트를 %1 토큰으로 줄이십시오</translation>
        </message>
        <message>
            <source>Store the KV cache as %1</source>
            <translation>KV 캐시를 %1 형식으로 저장하십시오</translation>
        </message>
        <message>
            <source>Quantize the weights to %1</source>
            <translation>가중치를 %1 형식으로 양자화하십시오</translation>
        </message>
        <message>
            <source>Use %1 GPUs</source>
            <translation>GPU를 %1개 쓰십시오</translation>
        </message>
        <message>
            <source>Keep %1 of %2 layers on the GPU, the rest in host RAM</source>
            <translation>레이어 %2개 중 %1개를 GPU에 두고 나머지는 호스트 RAM에 두십시오</translation>
        </message>
        <message>
            <source>At most %1 of %2 layers fit on the GPU</source>
            <translation>GPU에는 레이어 %2개 중 최대 %1개가 들어갑니다</translation>
        </message>
        <message>
            <source>none: the memory is already free</source>
            <translation>없음: 메모리가 이미 비어 있습니다</translation>
        </message>
        <message>
            <source>none in memory; the sequences share the memory bandwidth</source>
            <translation>메모리 대가는 없습니다. 시퀀스들이 메모리 대역폭을 나눠 씁니다</translation>
        </message>
        <message>
            <source>workload: longer requests no longer fit</source>
            <translation>작업량: 더 긴 요청은 들어가지 않습니다</translation>
        </message>
        <message>
            <source>a small quality cost in attention</source>
            <translation>attention 품질이 조금 떨어집니다</translation>
        </message>
        <message>
            <source>some quality loss against the current format</source>
            <translation>지금 형식보다 품질이 조금 떨어집니다</translation>
        </message>
        <message>
            <source>below 3.5 bits per weight the quality loss is noticeable</source>
            <translation>가중치당 3.5비트 아래에서는 품질 저하가 눈에 띕니다</translation>
        </message>
        <message>
            <source>hardware: more GPUs</source>
            <translation>하드웨어: GPU가 더 필요합니다</translation>
        </message>
        <message>
            <source>speed: layers in host RAM run at host-RAM bandwidth</source>
            <translation>속도: 호스트 RAM의 레이어는 호스트 RAM 대역폭으로 돕니다</translation>
        </message>
        <message>
            <source>(not enough alone)</source>
            <translation>(이것만으로는 부족)</translation>
        </message>
        <message>
            <source>(the planner expects it not to fit)</source>
            <translation>(planner 예상으로는 메모리에 맞지 않음)</translation>
        </message>
        <message>
            <source>cost: %1</source>
            <translation>대가: %1</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::CompareBars</name>
        <message>
            <source>Memory per machine</source>
            <translation>장비별 메모리</translation>
        </message>
        <message>
            <source>cannot estimate</source>
            <translation>산정할 수 없음</translation>
        </message>
        <message>
            <source>%1: %2 of %3</source>
            <translation>%1: %3 중 %2</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::CompareDialog</name>
        <message>
            <source>Compare Machines</source>
            <translation>장비 비교</translation>
        </message>
        <message>
            <source>Machine to add</source>
            <translation>추가할 장비</translation>
        </message>
        <message>
            <source>Number of devices</source>
            <translation>장치 수</translation>
        </message>
        <message>
            <source>&amp;Add</source>
            <translation>추가(&amp;A)</translation>
        </message>
        <message>
            <source>Buyer's &amp;Shortlist</source>
            <translation>구매 후보 목록(&amp;S)</translation>
        </message>
        <message>
            <source>RTX 4090, 2× RTX 3090, RTX 5090, M4 Max 128 GB, DGX Spark, Strix Halo 128 GB and one H100</source>
            <translation>RTX 4090, RTX 3090 2개, RTX 5090, M4 Max 128 GB, DGX Spark, Strix Halo 128 GB, H100 1개</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>빼기(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Pin as A</source>
            <translation>A로 고정(&amp;P)</translation>
        </message>
        <message>
            <source>Keep the current scenario as A; change anything in the window and see B against it</source>
            <translation>지금 시나리오를 A로 고정합니다. 창에서 무엇이든 바꾸면 B를 A와 견주어 봅니다</translation>
        </message>
        <message>
            <source>Export &amp;PDF…</source>
            <translation>PDF로 내보내기(&amp;P)…</translation>
        </message>
        <message>
            <source>Machine</source>
            <translation>장비</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>판정</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>메모리</translation>
        </message>
        <message>
            <source>Headroom</source>
            <translation>여유 용량</translation>
        </message>
        <message>
            <source>Largest context</source>
            <translation>최대 컨텍스트</translation>
        </message>
        <message>
            <source>Most sequences</source>
            <translation>최대 동시 시퀀스</translation>
        </message>
        <message>
            <source>GPU layers</source>
            <translation>GPU 레이어</translation>
        </message>
        <message>
            <source>Decode tok/s</source>
            <translation>decode 토큰/s</translation>
        </message>
        <message>
            <source>Price</source>
            <translation>가격</translation>
        </message>
        <message>
            <source>Price per GiB</source>
            <translation>GiB당 가격</translation>
        </message>
        <message>
            <source>Price per device</source>
            <translation>장치당 가격</translation>
        </message>
        <message>
            <source>The machine's price: devices × price per device. The recommendation and the PDF use it too.</source>
            <translation>장비 가격 = 장치 수 × 장치당 가격입니다. 권장과 PDF도 이 가격을 씁니다.</translation>
        </message>
        <message>
            <source>At least </source>
            <translation>최소 </translation>
        </message>
        <message>
            <source> tok/s</source>
            <translation> 토큰/s</translation>
        </message>
        <message>
            <source>No speed floor</source>
            <translation>최저 속도 없음</translation>
        </message>
        <message>
            <source>Speed floor</source>
            <translation>최저 속도</translation>
        </message>
        <message>
            <source>Machines that decode slower than this per sequence (or have no speed figure) are not recommended; the reasons name them.</source>
            <translation>시퀀스당 생성 속도가 이보다 느리거나 속도 수치가 없는 장비는 권하지 않습니다. 이유에 그 장비를 적습니다.</translation>
        </message>
        <message>
            <source>Price per tok/s</source>
            <translation>토큰/s당 가격</translation>
        </message>
        <message>
            <source>Headroom vs A</source>
            <translation>A 대비 여유 용량</translation>
        </message>
        <message>
            <source>Decode vs A</source>
            <translation>A 대비 decode</translation>
        </message>
        <message>
            <source>Type a price per device, e.g. "1599 USD"; it is kept in the settings</source>
            <translation>장치당 가격을 입력하십시오(예: "1599 USD"). 설정에 저장됩니다</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>항목</translation>
        </message>
        <message>
            <source>A (pinned)</source>
            <translation>A (고정)</translation>
        </message>
        <message>
            <source>B (now)</source>
            <translation>B (지금)</translation>
        </message>
        <message>
            <source>B − A</source>
            <translation>B − A</translation>
        </message>
        <message>
            <source>Export Comparison</source>
            <translation>비교 내보내기</translation>
        </message>
        <message>
            <source>comparison.pdf</source>
            <translation>comparison.pdf</translation>
        </message>
        <message>
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <source>over by %1</source>
            <translation>%1 초과</translation>
        </message>
        <message>
            <source>%1 per device, %2 (source: %3)</source>
            <translation>장치당 %1, %2 기준 (출처: %3)</translation>
        </message>
        <message>
            <source>A/B: the window's scenario is unchanged since it was pinned.</source>
            <translation>A/B: 고정한 뒤로 창의 시나리오가 바뀌지 않았습니다.</translation>
        </message>
        <message>
            <source>A/B on the window's machine: what changed since the pin (all pools)</source>
            <translation>창의 장비에서 본 A/B: 고정한 뒤로 바뀐 항목 (모든 풀)</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::CompareText</name>
        <message>
            <source>fits</source>
            <translation>들어감</translation>
        </message>
        <message>
            <source>fits with offload</source>
            <translation>오프로드하면 들어감</translation>
        </message>
        <message>
            <source>does not fit</source>
            <translation>들어가지 않음</translation>
        </message>
        <message>
            <source>Recommendation: none of these machines; choose a smaller model, format or context, or more memory.</source>
            <translation>권장: 이 장비들로는 안 됩니다. 더 작은 모델, 형식, 컨텍스트나 더 큰 메모리를 고르십시오.</translation>
        </message>
        <message>
            <source>Recommendation: none of these machines decodes as fast as asked; lower the speed floor, or choose faster hardware or a smaller format.</source>
            <translation>권장: 요청한 속도로 생성하는 장비가 없습니다. 최저 속도를 낮추거나 더 빠른 하드웨어나 더 작은 형식을 고르십시오.</translation>
        </message>
        <message>
            <source>1 machine that fits decodes below the asked %1 tokens/s per sequence (or has no speed figure), so it is not recommended: %2.</source>
            <translation>들어가는 장비 1대는 요청한 시퀀스당 %1 토큰/s보다 느리거나 속도 수치가 없어 권하지 않습니다: %2.</translation>
        </message>
        <message>
            <source>1 of %1 machines does not hold it: %2.</source>
            <translation>장비 %1대 중 1대에는 들어가지 않습니다: %2</translation>
        </message>
        <message>
            <source>%1 does not hold it; it is over by %2.</source>
            <translation>%1에는 들어가지 않습니다. %2 넘칩니다.</translation>
        </message>
        <message>
            <source>At %1 in all (%2 × %3) it is the only machine that fits.</source>
            <translation>들어가는 장비는 이것 하나뿐입니다(합계 %1 = %2 × %3).</translation>
        </message>
        <message>
            <source>%1 machines that fit decode below the asked %2 tokens/s per sequence (or have no speed figure), so they are not recommended: %3.</source>
            <translation>들어가는 장비 %1대는 요청한 시퀀스당 %2 토큰/s보다 느리거나 속도 수치가 없어 권하지 않습니다: %3.</translation>
        </message>
        <message>
            <source>Recommendation: %1.</source>
            <translation>권장: %1</translation>
        </message>
        <message>
            <source>Recommendation: %1 (with offload).</source>
            <translation>권장: %1 (오프로드 포함)</translation>
        </message>
        <message>
            <source>It holds every layer in device memory.</source>
            <translation>모든 레이어가 장치 메모리에 들어갑니다.</translation>
        </message>
        <message>
            <source>It fits only with %1 of %2 layers on the GPU; the rest run at host-RAM speed.</source>
            <translation>레이어 %2개 중 %1개만 GPU에 두어야 들어갑니다. 나머지는 호스트 RAM 속도로 돕니다.</translation>
        </message>
        <message>
            <source>%1 stays free; the context can grow to %2 tokens, or up to %3 sequences can run at once.</source>
            <translation>여유 용량은 %1입니다. 컨텍스트는 %2 토큰까지 늘릴 수 있고, 동시 시퀀스는 최대 %3개입니다.</translation>
        </message>
        <message>
            <source>Decode runs at about %1 tokens/s per sequence (expected).</source>
            <translation>decode는 시퀀스당 약 %1 토큰/s입니다(예상값).</translation>
        </message>
        <message>
            <source>%1 × %2 = %3</source>
            <translation>%1 × %2 = %3</translation>
        </message>
        <message>
            <source>At %1 in all (%2 × %3) it is the cheapest of the %4 machines that fit.</source>
            <translation>들어가는 장비 %4대 중 가장 쌉니다(합계 %1 = %2 × %3).</translation>
        </message>
        <message>
            <source>It decodes fastest of the %1 machines that fit (no complete prices to compare).</source>
            <translation>들어가는 장비 %1대 중 decode가 가장 빠릅니다(견줄 가격이 다 있지는 않습니다).</translation>
        </message>
        <message>
            <source>It leaves the most memory free of the %1 machines that fit.</source>
            <translation>들어가는 장비 %1대 중 여유 용량이 가장 큽니다.</translation>
        </message>
        <message>
            <source>%1 of %2 machines do not hold it: %3.</source>
            <translation>장비 %2대 중 %1대에는 들어가지 않습니다: %3</translation>
        </message>
        <message>
            <source>None of the %1 machines holds it; the closest, %2, is over by %3.</source>
            <translation>장비 %1대 어디에도 들어가지 않습니다. 가장 가까운 장비(%2)도 %3 넘칩니다.</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::HubImportDialog</name>
        <message>
            <source>Import from Hugging Face</source>
            <translation>Hugging Face에서 가져오기</translation>
        </message>
        <message>
            <source>Repository id or huggingface.co link, optionally with a revision and a GGUF file or quantization:</source>
            <translation>저장소 id 또는 huggingface.co 링크를 입력합니다. 필요하면 리비전과 GGUF 파일 또는 양자화 형식을 덧붙입니다:</translation>
        </message>
        <message>
            <source>Examples: meta-llama/Llama-3.1-8B, Qwen/Qwen2.5-7B-Instruct@main, bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M, https://huggingface.co/org/name. Only the headers are read (kilobytes), and they are kept in a cache for offline use.</source>
            <translation>예: meta-llama/Llama-3.1-8B, Qwen/Qwen2.5-7B-Instruct@main, bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M, https://huggingface.co/org/name. 헤더(수 KB)만 읽으며, 오프라인에서도 쓸 수 있도록 캐시에 보관합니다.</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>가져오기(&amp;I)</translation>
        </message>
        <message>
            <source>&quot;%1&quot; is not a repository id (org/name) or a huggingface.co link.</source>
            <translation>&quot;%1&quot;: 저장소 id(org/name)나 huggingface.co 링크가 아닙니다.</translation>
        </message>
        <message>
            <source>Reading the headers of %1…</source>
            <translation>%1의 헤더를 읽는 중…</translation>
        </message>
        <message>
            <source>Cancelling…</source>
            <translation>취소하는 중…</translation>
        </message>
        <message>
            <source>the repository has no config.json</source>
            <translation>저장소에 config.json이 없습니다</translation>
        </message>
        <message>
            <source>Import %1</source>
            <translation>%1 가져오기</translation>
        </message>
        <message>
            <source>Imported %1.</source>
            <translation>%1 가져오기를 마쳤습니다.</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>취소</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::HubTexts</name>
        <message>
            <source>%1 cannot be sized: %2</source>
            <translation>%1: 메모리를 계산할 수 없습니다 (%2).</translation>
        </message>
        <message>
            <source>Access denied to %1: the repository is gated or private. Accept its terms on huggingface.co and set HF_TOKEN to a token with access.</source>
            <translation>%1: 접근이 거부되었습니다. 이용 조건 동의가 필요하거나 비공개인 저장소입니다. huggingface.co에서 조건에 동의한 뒤, 접근 권한이 있는 토큰을 HF_TOKEN에 설정하십시오.</translation>
        </message>
        <message>
            <source>Not found (HTTP 404): check the repository name, revision and file of %1.</source>
            <translation>찾을 수 없습니다 (HTTP 404). %1의 저장소 이름, 리비전, 파일을 확인하십시오.</translation>
        </message>
        <message>
            <source>No answer from the server in time (timeout). Try again later.</source>
            <translation>서버가 제한 시간 안에 응답하지 않았습니다 (timeout). 잠시 후 다시 시도하십시오.</translation>
        </message>
        <message>
            <source>%1 is not in the header cache on this computer. Fetch it with File → Import from Hugging Face….</source>
            <translation>%1: 이 컴퓨터의 헤더 캐시에 없습니다. 파일 → Hugging Face에서 가져오기…로 받으십시오.</translation>
        </message>
        <message>
            <source>Cannot reach the server, and %1 is not in the header cache. Connect to the network and try again.</source>
            <translation>서버에 연결할 수 없고 헤더 캐시에도 없습니다 (%1). 네트워크에 연결한 뒤 다시 시도하십시오.</translation>
        </message>
        <message>
            <source>Cancelled.</source>
            <translation>취소했습니다.</translation>
        </message>
        <message>
            <source>Could not read %1: %2</source>
            <translation>%1: 읽지 못했습니다 (%2).</translation>
        </message>
    </context>
    <context>
        <name>ErrorText</name>
        <message>
            <source>must be a whole number between %1 and %2</source>
            <translation>%1 이상 %2 이하의 정수여야 합니다</translation>
        </message>
        <message>
            <source>vocab_size is not in the config; %1's default %2 was used</source>
            <translation>config에 vocab_size가 없어 %1의 기본값 %2을(를) 썼습니다</translation>
        </message>
        <message>
            <source>the metadata does not describe an architecture the planner can use (%1)</source>
            <translation>메타데이터에 플래너가 쓸 수 있는 아키텍처 정보가 없습니다 (%1)</translation>
        </message>
        <message>
            <source>%1 tensors are stored as integers (packed quantized weights such as GPTQ/AWQ qweight or MXFP4 blocks, or their scales and indices); the parameter count sums the stored elements of floating-point tensors only, while the weight bytes are exact</source>
            <translation>텐서 %1개가 정수로 저장되어 있습니다(GPTQ/AWQ qweight나 MXFP4 블록 같은 압축 양자화 가중치, 또는 그 scale과 인덱스). 파라미터 수는 부동소수점 텐서의 원소만 더한 값이고, 가중치 바이트는 정확합니다</translation>
        </message>
        <message>
            <source>%1 tensors of weight_map are not in the shards that it names</source>
            <translation>weight_map의 텐서 %1개가 그것이 가리키는 shard에 없습니다</translation>
        </message>
        <message>
            <source>metadata.total_size is %1 bytes but the shards' tensors hold %2</source>
            <translation>metadata.total_size는 %1바이트인데 shard의 텐서는 %2바이트입니다</translation>
        </message>
        <message>
            <source>several safetensors indexes; read %1</source>
            <translation>safetensors 인덱스가 여러 개라 %1을(를) 읽었습니다</translation>
        </message>
        <message>
            <source>the GGUF files were not read; the safetensors checkpoint was sized instead</source>
            <translation>GGUF 파일은 읽지 않고 safetensors checkpoint로 크기를 계산했습니다</translation>
        </message>
        <message>
            <source>the architecture's parameter count cannot be computed: %1</source>
            <translation>아키텍처의 파라미터 수를 계산할 수 없습니다: %1</translation>
        </message>
        <message>
            <source>the architecture describes %1 parameters but the tensors hold %2 (vision towers, extra heads or packed weights make them differ)</source>
            <translation>아키텍처로는 파라미터가 %1개인데 텐서에는 %2개가 있습니다(vision tower, 추가 head, 압축 가중치 때문에 다릅니다)</translation>
        </message>
        <message>
            <source>tensor '%1' has dtype %2, which the planner does not know; its stored bytes are counted as they are</source>
            <translation>텐서 '%1'의 dtype %2은(는) 플래너가 모르는 형식이라 저장된 바이트를 그대로 셉니다</translation>
        </message>
        <message>
            <source>%1 varies by layer; the widest value %2 was used</source>
            <translation>%1 값이 레이어마다 달라 가장 큰 값 %2을(를) 썼습니다</translation>
        </message>
        <message>
            <source>token_embd.weight has %1 rows for %2 tokens; the table's size was used</source>
            <translation>token_embd.weight는 토큰 %2개에 대해 %1행이라 표의 크기를 썼습니다</translation>
        </message>
        <message>
            <source>does not exist</source>
            <translation>파일이 없습니다</translation>
        </message>
        <message>
            <source>is a symbolic link to a file that does not exist</source>
            <translation>존재하지 않는 파일을 가리키는 심볼릭 링크입니다</translation>
        </message>
        <message>
            <source>is a folder, not a file</source>
            <translation>파일이 아니라 폴더입니다</translation>
        </message>
        <message>
            <source>is not a regular file (a FIFO, socket or device); only regular files are read</source>
            <translation>일반 파일이 아닙니다(FIFO, 소켓 또는 장치). 일반 파일만 읽습니다</translation>
        </message>
        <message>
            <source>no file name given</source>
            <translation>파일 이름이 없습니다</translation>
        </message>
        <message>
            <source>cannot be opened for reading</source>
            <translation>읽기용으로 열 수 없습니다</translation>
        </message>
        <message>
            <source>cannot be opened for reading (%1)</source>
            <translation>읽기용으로 열 수 없습니다 (%1)</translation>
        </message>
        <message>
            <source>cannot be read</source>
            <translation>읽을 수 없습니다</translation>
        </message>
        <message>
            <source>cannot be read (%1)</source>
            <translation>읽을 수 없습니다 (%1)</translation>
        </message>
        <message>
            <source>is not a readable file</source>
            <translation>읽을 수 있는 파일이 아닙니다</translation>
        </message>
        <message>
            <source>could not be read whole</source>
            <translation>끝까지 읽지 못했습니다</translation>
        </message>
        <message>
            <source>cannot be written</source>
            <translation>쓸 수 없습니다</translation>
        </message>
        <message>
            <source>cannot be replaced</source>
            <translation>바꿔 쓸 수 없습니다</translation>
        </message>
        <message>
            <source>is larger than %1</source>
            <translation>크기 한도를 넘습니다: %1</translation>
        </message>
        <message>
            <source>is not valid JSON: %1</source>
            <translation>올바른 JSON이 아닙니다: %1</translation>
        </message>
        <message>
            <source>is not valid JSON (%1)</source>
            <translation>올바른 JSON이 아닙니다 (%1)</translation>
        </message>
        <message>
            <source>is not usable JSON (%1)</source>
            <translation>쓸 수 있는 JSON이 아닙니다 (%1)</translation>
        </message>
        <message>
            <source>unexpected JSON content (%1)</source>
            <translation>예상하지 못한 JSON 내용입니다 (%1)</translation>
        </message>
        <message>
            <source>has a value of the wrong type (%1)</source>
            <translation>값의 종류가 맞지 않습니다 (%1)</translation>
        </message>
        <message>
            <source>is nested deeper than %1 levels</source>
            <translation>%1단계보다 깊이 중첩되어 있습니다</translation>
        </message>
        <message>
            <source>JSON is nested more than %1 levels deep</source>
            <translation>JSON이 %1단계보다 깊이 중첩되어 있습니다</translation>
        </message>
        <message>
            <source>appears twice in the same object (each key may be given once)</source>
            <translation>같은 객체에 두 번 나옵니다 (키는 한 번만 쓸 수 있습니다)</translation>
        </message>
        <message>
            <source>is a number too large to represent</source>
            <translation>나타낼 수 없을 만큼 큰 수입니다</translation>
        </message>
        <message>
            <source>must be between %1 and %2</source>
            <translation>%1 이상 %2 이하여야 합니다</translation>
        </message>
        <message>
            <source>must be from %1 to %2</source>
            <translation>%1에서 %2 사이여야 합니다</translation>
        </message>
        <message>
            <source>must be positive</source>
            <translation>양수여야 합니다</translation>
        </message>
        <message>
            <source>must be a non-negative whole number</source>
            <translation>0 이상의 정수여야 합니다</translation>
        </message>
        <message>
            <source>must be true or false</source>
            <translation>true 또는 false여야 합니다</translation>
        </message>
        <message>
            <source>must be a string</source>
            <translation>문자열이어야 합니다</translation>
        </message>
        <message>
            <source>must be a list</source>
            <translation>목록이어야 합니다</translation>
        </message>
        <message>
            <source>must be a JSON object</source>
            <translation>JSON 객체여야 합니다</translation>
        </message>
        <message>
            <source>must be a number</source>
            <translation>숫자여야 합니다</translation>
        </message>
        <message>
            <source>must be a byte count</source>
            <translation>바이트 수여야 합니다</translation>
        </message>
        <message>
            <source>must be [low, high]</source>
            <translation>[low, high] 형태의 목록이어야 합니다</translation>
        </message>
        <message>
            <source>must be [low, middle, high]</source>
            <translation>[low, middle, high] 형태의 목록이어야 합니다</translation>
        </message>
        <message>
            <source>must be 1 to 64 characters</source>
            <translation>1자에서 64자 사이여야 합니다</translation>
        </message>
        <message>
            <source>must be a layer count, auto (-1) or all (-2)</source>
            <translation>레이어 수, auto(-1), all(-2) 중 하나여야 합니다</translation>
        </message>
        <message>
            <source>must be a whole number of MiB, -1 (no limit) or 0 (off)</source>
            <translation>MiB 단위 정수, -1(제한 없음), 0(끔) 중 하나여야 합니다</translation>
        </message>
        <message>
            <source>must be one of %1</source>
            <translation>다음 중 하나여야 합니다: %1</translation>
        </message>
        <message>
            <source>must be %1</source>
            <translation>다음 중 하나여야 합니다: %1</translation>
        </message>
        <message>
            <source>must be a list of model types</source>
            <translation>모델 종류(model_type)의 목록이어야 합니다</translation>
        </message>
        <message>
            <source>must be a list of layer kinds</source>
            <translation>레이어 종류의 목록이어야 합니다</translation>
        </message>
        <message>
            <source>entries must be strings</source>
            <translation>항목은 문자열이어야 합니다</translation>
        </message>
        <message>
            <source>entries must be layer numbers</source>
            <translation>항목은 레이어 번호여야 합니다</translation>
        </message>
        <message>
            <source>must list one entry per layer</source>
            <translation>레이어마다 항목 하나씩을 나열해야 합니다</translation>
        </message>
        <message>
            <source>has %1 entries for %2 layers</source>
            <translation>레이어는 %2개인데 항목은 %1개입니다</translation>
        </message>
        <message>
            <source>is missing</source>
            <translation>값이 없습니다</translation>
        </message>
        <message>
            <source>is too large</source>
            <translation>너무 큽니다</translation>
        </message>
        <message>
            <source>is too large (at most %1)</source>
            <translation>너무 큽니다 (최대 %1)</translation>
        </message>
        <message>
            <source>is too large a number (%1)</source>
            <translation>너무 큰 수입니다 (%1)</translation>
        </message>
        <message>
            <source>is not a known key</source>
            <translation>알 수 없는 키입니다</translation>
        </message>
        <message>
            <source>is not a known key (use config.json names such as num_key_value_heads)</source>
            <translation>알 수 없는 키입니다 (num_key_value_heads 같은 config.json 이름을 쓰십시오)</translation>
        </message>
        <message>
            <source>'%1' is not a known model preset</source>
            <translation>알 수 없는 모델 프리셋: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a known hardware preset</source>
            <translation>알 수 없는 하드웨어 프리셋: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a known runtime profile</source>
            <translation>알 수 없는 런타임 프로필: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a known format</source>
            <translation>알 수 없는 형식: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a known format (see `memplan-cli formats`)</source>
            <translation>알 수 없는 형식: '%1' (`memplan-cli formats` 참고)</translation>
        </message>
        <message>
            <source>'%1' is not a CPU platform preset</source>
            <translation>CPU 플랫폼 프리셋이 아닙니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' names no hardware preset</source>
            <translation>하드웨어 프리셋을 가리키지 않습니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a known engine (%2)</source>
            <translation>알 수 없는 엔진입니다: '%1' (가능한 값: %2)</translation>
        </message>
        <message>
            <source>'%1' is not a known origin</source>
            <translation>알 수 없는 출처입니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a release name of %2</source>
            <translation>%2의 릴리스 이름이 아닙니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a KV cache type (use %2)</source>
            <translation>KV 캐시 형식이 아닙니다: '%1' (가능한 값: %2)</translation>
        </message>
        <message>
            <source>'%1' is not a Hugging Face repository id (org/name)</source>
            <translation>Hugging Face 저장소 id(org/name)가 아닙니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' is not a branch, tag or commit name</source>
            <translation>브랜치, 태그, 커밋 이름이 아닙니다: '%1'</translation>
        </message>
        <message>
            <source>'%1' may only use lowercase letters, digits, '-', '.' and '_'</source>
            <translation>'%1': 소문자, 숫자, '-', '.', '_'만 쓸 수 있습니다</translation>
        </message>
        <message>
            <source>'%1' is already defined by %2; this file is ignored</source>
            <translation>'%1'은(는) 이미 %2에 정의되어 있어 이 파일은 무시합니다</translation>
        </message>
        <message>
            <source>'%1' has no architecture (add its config.json)</source>
            <translation>'%1'에 아키텍처 정보가 없습니다 (config.json을 함께 두십시오)</translation>
        </message>
        <message>
            <source>'%1' has no architecture (no config.json)</source>
            <translation>'%1'에 아키텍처 정보가 없습니다 (config.json 없음)</translation>
        </message>
        <message>
            <source>is '%1', written by a newer or unknown version</source>
            <translation>'%1'입니다. 더 새롭거나 알 수 없는 버전이 쓴 파일입니다</translation>
        </message>
        <message>
            <source>is '%1', written by a newer or unknown version; this program reads '%2'</source>
            <translation>'%1'입니다. 더 새롭거나 알 수 없는 버전이 쓴 파일입니다. 이 프로그램은 '%2'을(를) 읽습니다</translation>
        </message>
        <message>
            <source>is '%1'; this version reads '%2'</source>
            <translation>'%1'입니다. 이 버전은 '%2'을(를) 읽습니다</translation>
        </message>
        <message>
            <source>must be '%1' (found '%2')</source>
            <translation>'%1'이어야 합니다 (받은 값: '%2')</translation>
        </message>
        <message>
            <source>is not '%1'</source>
            <translation>'%1'이(가) 아닙니다</translation>
        </message>
        <message>
            <source>is not a setting of the %1 runtime</source>
            <translation>%1 런타임의 설정이 아닙니다</translation>
        </message>
        <message>
            <source>the theory profile models no runtime, so it has no release</source>
            <translation>theory 프로필은 런타임을 모형으로 삼지 않으므로 릴리스가 없습니다</translation>
        </message>
        <message>
            <source>needs "preset", "file", "hub" or inline config.json keys</source>
            <translation>"preset", "file", "hub" 중 하나나 config.json 키를 직접 적어야 합니다</translation>
        </message>
        <message>
            <source>needs a preset, a file or inline config.json keys</source>
            <translation>프리셋, 파일, 또는 config.json 키를 직접 적어야 합니다</translation>
        </message>
        <message>
            <source>cannot be combined with model.preset or model.file (one source of the model)</source>
            <translation>model.preset이나 model.file과 함께 쓸 수 없습니다 (모델의 출처는 하나)</translation>
        </message>
        <message>
            <source>names a file and a quantization; give one of them</source>
            <translation>파일과 양자화를 모두 지정했습니다. 하나만 지정하십시오</translation>
        </message>
        <message>
            <source>cannot exceed workload.context_tokens</source>
            <translation>workload.context_tokens보다 클 수 없습니다</translation>
        </message>
        <message>
            <source>cannot exceed capacity_bytes</source>
            <translation>capacity_bytes보다 클 수 없습니다</translation>
        </message>
        <message>
            <source>cannot exceed the device's capacity</source>
            <translation>장치 용량보다 클 수 없습니다</translation>
        </message>
        <message>
            <source>cannot exceed the machine's memory</source>
            <translation>장비의 메모리보다 클 수 없습니다</translation>
        </message>
        <message>
            <source>is missing (a custom machine needs its memory size)</source>
            <translation>없습니다 (직접 정한 장비에는 메모리 크기가 필요합니다)</translation>
        </message>
        <message>
            <source>must be discrete_gpu, unified or cpu when no preset is given</source>
            <translation>프리셋이 없으면 discrete_gpu, unified, cpu 중 하나여야 합니다</translation>
        </message>
        <message>
            <source>is required (a number above 0, per device)</source>
            <translation>필요합니다 (장치당 0보다 큰 수)</translation>
        </message>
        <message>
            <source>is required: a price without a source is not shown</source>
            <translation>필요합니다. 출처 없는 가격은 보여 주지 않습니다</translation>
        </message>
        <message>
            <source>must be a three-letter ISO 4217 code such as USD, EUR or KRW</source>
            <translation>USD, EUR, KRW 같은 ISO 4217 세 글자 코드여야 합니다</translation>
        </message>
        <message>
            <source>must be at least 1 (leave the key out for multi-head attention)</source>
            <translation>1 이상이어야 합니다 (multi-head attention이면 이 키를 빼십시오)</translation>
        </message>
        <message>
            <source>needs ZeRO stage 3 or FSDP full/hybrid shard</source>
            <translation>ZeRO stage 3이나 FSDP full/hybrid shard가 필요합니다</translation>
        </message>
        <message>
            <source>needs training.tensor_parallel of 2 or more</source>
            <translation>training.tensor_parallel이 2 이상이어야 합니다</translation>
        </message>
        <message>
            <source>cannot be combined with training.zero_stage (pick one sharding scheme)</source>
            <translation>training.zero_stage와 함께 쓸 수 없습니다 (sharding 방식은 하나만 고르십시오)</translation>
        </message>
        <message>
            <source>exceeds hardware.count (%1 GPUs)</source>
            <translation>hardware.count(GPU %1개)보다 큽니다</translation>
        </message>
        <message>
            <source>must be below the model's %1 layers</source>
            <translation>모델의 레이어 수(%1)보다 작아야 합니다</translation>
        </message>
        <message>
            <source>is larger than the model's %1 layers</source>
            <translation>모델의 레이어 수(%1)보다 큽니다</translation>
        </message>
        <message>
            <source>needs a mixture-of-experts model; %1 is dense</source>
            <translation>MoE 모델이 필요합니다. %1은(는) dense 모델입니다</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has no LLaMA-Adapter method; LitGPT&apos;s finetune_adapter and finetune_adapter_v2 have (runtime preset litgpt)</source>
            <translation>&apos;%1&apos;에는 LLaMA-Adapter 방법이 없습니다. LitGPT의 finetune_adapter와 finetune_adapter_v2에 있습니다(LitGPT 런타임 프리셋)</translation>
        </message>
        <message>
            <source>LLaMA-Adapter&apos;s prompt attention over multi-head latent attention (%1) is not modelled</source>
            <translation>multi-head latent attention(%1) 위의 LLaMA-Adapter 프롬프트 attention은 모델링하지 않습니다</translation>
        </message>
        <message>
            <source>must be latent, latent_with_v or per_head</source>
            <translation>latent, latent_with_v, per_head 중 하나여야 합니다</translation>
        </message>
        <message>
            <source>names no module</source>
            <translation>모듈을 하나도 지정하지 않았습니다</translation>
        </message>
        <message>
            <source>holds no config.json, *.safetensors or *.gguf file</source>
            <translation>config.json, *.safetensors, *.gguf 파일이 하나도 없습니다</translation>
        </message>
        <message>
            <source>is not a GGUF, safetensors or config.json file</source>
            <translation>GGUF, safetensors, config.json 파일이 아닙니다</translation>
        </message>
        <message>
            <source>is a folder, not a GGUF file</source>
            <translation>GGUF 파일이 아니라 폴더입니다</translation>
        </message>
        <message>
            <source>the file is shorter than the 8-byte header length</source>
            <translation>파일이 8바이트 헤더 길이보다 짧습니다</translation>
        </message>
        <message>
            <source>the header could not be read</source>
            <translation>헤더를 읽을 수 없습니다</translation>
        </message>
        <message>
            <source>the header is not a JSON object</source>
            <translation>헤더가 JSON 객체가 아닙니다</translation>
        </message>
        <message>
            <source>names shard '%1', which is missing</source>
            <translation>가리키는 shard '%1'이(가) 없습니다</translation>
        </message>
        <message>
            <source>is not "clip": this is not a projector (mmproj) file</source>
            <translation>"clip"이 아닙니다. projector(mmproj) 파일이 아닙니다</translation>
        </message>
        <message>
            <source>is missing, so the hyper-parameters cannot be found</source>
            <translation>없어서 하이퍼파라미터를 찾을 수 없습니다</translation>
        </message>
        <message>
            <source>a quantized V cache needs flash attention in llama.cpp (set flash_attn to true)</source>
            <translation>llama.cpp에서 양자화한 V 캐시에는 flash attention이 필요합니다 (flash_attn을 true로 두십시오)</translation>
        </message>
        <message>
            <source>is llama.cpp's projector file; other runtimes load the checkpoint's own tower</source>
            <translation>llama.cpp의 projector 파일입니다. 다른 런타임은 checkpoint에 든 vision tower를 읽습니다</translation>
        </message>
        <message>
            <source>at most 32 candidates at once</source>
            <translation>한 번에 후보는 32개까지입니다</translation>
        </message>
        <message>
            <source>has an empty entry in '%1'</source>
            <translation>'%1'에 빈 항목이 있습니다</translation>
        </message>
        <message>
            <source>'%1': the count after ':' must be 1 to 64</source>
            <translation>'%1': ':' 뒤의 개수는 1에서 64 사이여야 합니다</translation>
        </message>
        <message>
            <source>(named by %1)</source>
            <translation>(지정한 곳: %1)</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::FrameworkFigures</name>
        <message>
            <source>Training frameworks print different figures for the same peak. PyTorch's max_memory_allocated counts tensors, active counts whole allocator blocks, max_memory_reserved adds the caching allocator's reserve, and nvidia-smi adds the CUDA context and library buffers.</source>
            <translation>학습 프레임워크는 같은 최고점을 서로 다른 수치로 출력합니다. PyTorch의 max_memory_allocated는 텐서만, 'active' 수치는 allocator 블록 전체를 셉니다. max_memory_reserved는 캐싱 allocator가 잡아 둔 몫을 더하고, nvidia-smi는 CUDA 컨텍스트와 라이브러리 버퍼까지 더합니다.</translation>
        </message>
        <message>
            <source>Peak per GPU as frameworks print it: allocated %1, active %2, reserved %3; nvidia-smi %4 (the bar).</source>
            <translation>프레임워크가 출력하는 GPU당 최고점: allocated %1, 활성 블록 %2, reserved %3, nvidia-smi %4 (막대가 보여 주는 값).</translation>
        </message>
    </context>
    <context>
        <name>memplan::ui::TryRunDialog</name>
        <message>
            <source>Try It on This Computer</source>
            <translation>이 컴퓨터에서 실행해 보기</translation>
        </message>
        <message>
            <source>Starts the runtime with the plan&apos;s own command so that it loads the model and allocates its buffers, then stops it as soon as it reports the model loaded. Nothing is downloaded and no prompt is sent; the log is then compared with the plan.</source>
            <translation>계획 자체의 명령으로 런타임을 시작해 모델을 로딩하고 버퍼를 할당하게 한 뒤, 모델 로딩이 끝났다고 알리는 즉시 멈춥니다. 아무것도 다운로드하지 않고 프롬프트도 보내지 않습니다. 그다음 로그를 계획과 대조합니다.</translation>
        </message>
        <message>
            <source>%1 (found on PATH)</source>
            <translation>%1 (PATH에서 찾음)</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>찾아보기…</translation>
        </message>
        <message>
            <source>Program:</source>
            <translation>프로그램:</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 초</translation>
        </message>
        <message>
            <source>The runtime is stopped after this time, loaded or not.</source>
            <translation>로딩 여부와 관계없이 이 시간이 지나면 런타임을 멈춥니다.</translation>
        </message>
        <message>
            <source>Time limit:</source>
            <translation>제한 시간:</translation>
        </message>
        <message>
            <source>Command:</source>
            <translation>명령:</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>시작</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>멈춤</translation>
        </message>
        <message>
            <source>This plan cannot be tried here: %1</source>
            <translation>이 계획은 여기서 시험할 수 없습니다: %1</translation>
        </message>
        <message>
            <source>the plan names no model file on this computer. Import the model&apos;s file first (File → Import Model…), so that nothing is downloaded.</source>
            <translation>계획이 이 컴퓨터의 모델 파일을 가리키지 않습니다. 아무것도 다운로드하지 않도록 먼저 모델 파일을 가져오십시오(파일 → 모델 가져오기…).</translation>
        </message>
        <message>
            <source>the model file %1 does not exist.</source>
            <translation>모델 파일 %1이(가) 없습니다.</translation>
        </message>
        <message>
            <source>load-only runs start llama-server; choose llama-server as the program in the runtime settings.</source>
            <translation>로딩 전용 실행은 llama-server를 시작합니다. 런타임 설정에서 프로그램을 llama-server로 고르십시오.</translation>
        </message>
        <message>
            <source>this runtime cannot be started from here yet. Run it yourself and open its log (File → Open Runtime Log…).</source>
            <translation>이 런타임은 아직 여기서 시작할 수 없습니다. 직접 실행한 뒤 그 로그를 여십시오(파일 → 런타임 로그 열기…).</translation>
        </message>
        <message>
            <source>Runtime Program</source>
            <translation>런타임 프로그램</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>실행 중…</translation>
        </message>
        <message>
            <source>Stopping…</source>
            <translation>멈추는 중…</translation>
        </message>
        <message>
            <source>(run on this computer: %1)</source>
            <translation>(이 컴퓨터에서 실행: %1)</translation>
        </message>
        <message>
            <source>Loaded after %1 s and stopped.</source>
            <translation>%1초 만에 로딩이 끝나 멈췄습니다.</translation>
        </message>
        <message>
            <source>Ended by signal %1 after %2 s.</source>
            <translation>%2초 뒤 시그널 %1(으)로 끝났습니다.</translation>
        </message>
        <message>
            <source>Ended with exit code %1 after %2 s.</source>
            <translation>%2초 뒤 종료 코드 %1(으)로 끝났습니다.</translation>
        </message>
        <message>
            <source>Stopped at the time limit after %1 s.</source>
            <translation>제한 시간에 걸려 %1초 뒤 멈췄습니다.</translation>
        </message>
        <message>
            <source>Stopped after %1 s.</source>
            <translation>%1초 뒤 멈췄습니다.</translation>
        </message>
        <message>
            <source>%1 is not on PATH: install the runtime, or choose its program above.</source>
            <translation>%1이(가) PATH에 없습니다. 런타임을 설치하거나 위에서 프로그램을 고르십시오.</translation>
        </message>
        <message>
            <source>%1 could not be started: %2</source>
            <translation>%1을(를) 시작할 수 없습니다: %2</translation>
        </message>
        <message>
            <source>Its log holds no line the planner reads.</source>
            <translation>그 로그에는 플래너가 읽는 줄이 없습니다.</translation>
        </message>
    </context>
</TS>
