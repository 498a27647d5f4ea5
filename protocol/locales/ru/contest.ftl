# grundy match и grundy tournament: справка, отказы и то, что они говорят во время игры (contest-...)
# (живая таблица, строка хода турнира и строка SPRT — сообщения cli-... и words-sprt...)

## --help
contest-match-help = сыграть матч между двумя ботами или движками: Эло, LOS, SPRT (как cutechess-cli и fastchess)
contest-match-about = Играет матч из --games партий между двумя игроками (bot:LEVEL, pbrain:PATH, cmd:COMMAND, player:NAME): цвета чередуются, каждый дебют играется за обе стороны.  Показывает счёт, разницу Эло с 95% погрешностью, LOS и долю ничьих; --sprt останавливает матч, как только тест примет решение.  Без --server узел запускается в этом процессе (docs/MATCH.md).
contest-tournament-help = провести турнир между ботами, движками Gomocup и ботами SDK (как cutechess-cli)
contest-tournament-about = Проводит турнир (круговой, по швейцарской системе, на выбывание или «один против всех») между ботами узла (bot:LEVEL), движками Gomocup (pbrain:PATH), ботами SDK, запущенными как процессы (cmd:COMMAND), и игроками, которые уже в сети (player:NAME, с --server).  Без --server узел запускается в этом процессе.  Пока идёт турнир — живая таблица, в конце — итоговая и перекрёстная таблицы; --out записывает партии (docs/MATCH.md).
contest-help-game = игра на двух игроков (см. `grundy games`)
contest-help-first = первый игрок (его Эло измеряется относительно второго)
contest-help-second = второй игрок
contest-help-player = игрок: bot:LEVEL, pbrain:PATH[ ARGS], cmd:COMMAND или player:NAME, в конце можно добавить name=NAME (опцию повторяют: не меньше двух игроков)
contest-help-format = как составляются пары (по умолчанию round-robin)
contest-help-rounds = swiss: число туров (по умолчанию столько, чтобы определить победителя); round-robin: 1 или 2 (при 2 каждая пара играет ещё раз со сменой цвета)
contest-help-games-match = партий в матче, цвета чередуются, 1-{ $most } (по умолчанию 10, с --sprt { $most })
contest-help-games = партий в каждой паре, цвета чередуются, 1-{ $most } (по умолчанию 2)
contest-help-concurrency = сколько партий идёт одновременно, 1-{ $most } (по умолчанию 1)
contest-help-tc = контроль времени каждой партии: 5+2 — это 5 минут и 2 с на ход, 30s+1 или 10s+0.1 — в секундах, none — без часов (по умолчанию { $default })
contest-help-set = параметр игры, напр. --set size=15 (можно несколько раз)
contest-help-openings = начинать партии с этих дебютов, каждый за обе стороны: файл (docs/MATCH.md) или встроенный набор (builtin — набор самой игры; builtin:renju26, builtin:tictactoe)
contest-help-sprt = остановить досрочно по SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial|trinomial]
contest-help-server = играть на этом узле (по умолчанию: запустить узел здесь); несколько узлов кластера — через запятую или повторив --server: если узел пропадёт, турнир и игроки продолжат на другом
contest-help-out = записать партии: в файл (pgn) или в папку (psq)
contest-help-format-out = pgn: все партии в одном файле в духе PGN; psq (гомоку): каждая партия в отдельном файле Piskvork в папке --out
contest-help-rated = партии меняют рейтинги игроков
contest-help-casual = партии не меняют рейтингов (по умолчанию)
contest-help-name = название турнира (1-64 символа)
contest-help-verbose = писать в журнал, что делают узел, боты и движки (stderr)

## отказ: игрок указан неверно ($spec: как он указан, в кавычках)
contest-spec-how = игрок { $spec }: пишите bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME, чтобы задать другое имя)
contest-spec-display-name = игрок { $spec }: в показываемом имени от 1 до 32 символов
contest-spec-needs-level = игрок { $spec }: после bot: нужен уровень; пишите bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME, чтобы задать другое имя)
contest-spec-needs-value = игрок { $spec }: после { $kind }: нужно значение; пишите bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME, чтобы задать другое имя)
contest-spec-levels = игрок { $spec }: уровни бота — { $levels }
contest-spec-quote = игрок { $spec }: кавычка не закрыта (или команда кончается обратной косой чертой)
contest-spec-name = игрок { $spec }: в имени игрока от 1 до 32 символов

## другие неподходящие опции
contest-tc = --tc { $given }: пишите МИН+СЕК, напр. 5+2 (5 минут, 2 с на ход), 30s+1 — в секундах, или none — без часов; начальное время — не больше 24 часов (число без единицы — это минуты, не больше 180: для секунд пишите 300s+5), добавка — от 0 до 3600 с
contest-server-bad = --server { $given }: пишите ws://HOST:PORT или wss://HOST:PORT (несколько: ws://A:8765,ws://B:8765)
contest-sprt-syntax = --sprt { $word }: пишите elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial]
contest-sprt-twice = --sprt: { $key } указан дважды
contest-sprt-number = --sprt { $word }: { $value } — не число
contest-sprt-elo-bound = { $name }={ $value }: граница Эло — от -{ $most } до { $most }
contest-sprt-order = elo0={ $elo0 }, elo1={ $elo1 }: elo0 должно быть меньше elo1
contest-sprt-rate = { $name }={ $value }: вероятность ошибки — строго между 0 и 1
contest-sprt-rates = alpha={ $alpha }, beta={ $beta }: alpha + beta должно быть меньше 1
contest-sprt-model = model={ $model }: выберите pentanomial или trinomial
# статистику запросили для результатов, которых не бывает (ошибка вызывающего кода)
contest-stats-negative = число результатов не бывает отрицательным ({ $n })
contest-stats-game = партия приносит 0, 1/2 или 1 очко, а не { $score }
contest-stats-pairs = пентаномиальные счётчики — это пять чисел (LL, LD, WL+DD, WD, WW), а не { $n }

## во время игры
# имя бота узла в таблице, по его уровню
contest-bot-random = бот (случайный)
contest-bot-easy = бот (лёгкий)
contest-bot-medium = бот (средний)
contest-bot-hard = бот (сильный)
contest-bot-max = бот (максимальный)
# название турнира на узле, когда --name его не задаёт
contest-title-match = { $game }: матч
contest-title = { $game }: турнир ({ $format })
contest-withdrawn = (вне турнира)
# $name: игрок в сети, которого ждём; $id: турнир; $url: узел
contest-waiting = ждём, пока { $name } войдёт в турнир { $id } на { $url } (бот SDK: --server { $url } --tournament { $id }; движок Gomocup: grundy gomocup-bot PATH --server { $url } --tournament { $id })

## сбои во время игры ($spec: игрок, как он указан)
contest-not-entered = { $spec }: за { $seconds } с не удалось войти в турнир
contest-exited-before = { $spec }: процесс завершился (код { $code }), не войдя в турнир
contest-stopped-before = { $spec }: работа остановлена ещё до входа в турнир: { $why }
contest-connection-ended = соединение с { $url } закрылось: { $why }
contest-no-engine = { $spec }: нет движка по пути { $path }
contest-not-executable = { $spec }: { $path } — не исполняемый файл (выполните chmod +x)
contest-engine-cannot-play = { $spec }: движок не может играть: { $why }
contest-cannot-start = { $spec }: не удалось запустить { $program }: { $why }
contest-node-failed = локальный узел не запустился: { $why }
