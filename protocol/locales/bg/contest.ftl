# grundy match и grundy tournament: помощта, отказите и това, което казват по време на игра (contest-...)
# (таблицата на живо, редът за напредъка и редът на SPRT са съобщенията cli-... и words-sprt...)

## --help
contest-match-help = изиграй мач между два бота или машини: Ело, LOS, SPRT (като cutechess-cli и fastchess)
contest-match-about = Изиграва мач от --games партии между двама играчи (bot:LEVEL, pbrain:PATH, cmd:COMMAND, player:NAME): цветовете се редуват и всяко откриване се играе и от двете страни.  Показва резултата, разликата в Ело с 95% грешка, LOS и дела на ремитата; --sprt спира мача, щом тестът реши.  Без --server в този процес се стартира възел (docs/MATCH.md).
contest-tournament-help = проведи турнир между ботове, машини от Gomocup и ботове от SDK (като cutechess-cli)
contest-tournament-about = Провежда турнир (всеки срещу всеки, швейцарска система, с елиминации или един срещу всички) между ботове на възела (bot:LEVEL), машини от Gomocup (pbrain:PATH), ботове от SDK, пуснати като процеси (cmd:COMMAND), и играчи, които вече са в мрежата (player:NAME, с --server).  Без --server в този процес се стартира възел.  Докато тече — таблица на живо, накрая — класиране и кръстосана таблица; --out записва партиите (docs/MATCH.md).
contest-help-game = игра за двама играчи (вижте `grundy games`)
contest-help-first = първият играч (Ело се измерва спрямо втория)
contest-help-second = вторият играч
contest-help-player = играч: bot:LEVEL, pbrain:PATH[ ARGS], cmd:COMMAND или player:NAME, по желание с name=NAME накрая (опцията се повтаря: поне двама играчи)
contest-help-format = как се съставят двойките (по подразбиране round-robin)
contest-help-rounds = swiss: брой кръгове (по подразбиране колкото са нужни за победител); round-robin: 1 или 2 (при 2 всяка двойка играе отново с разменени цветове)
contest-help-games-match = партии в мача, цветовете се редуват, 1-{ $most } (по подразбиране 10, с --sprt { $most })
contest-help-games = партии за всяка двойка, цветовете се редуват, 1-{ $most } (по подразбиране 2)
contest-help-concurrency = колко партии се играят едновременно, 1-{ $most } (по подразбиране 1)
contest-help-tc = часовникът на всяка партия: 5+2 е 5 минути и 2 с на ход, 30s+1 или 10s+0.1 — в секунди, none — без часовник (по подразбиране { $default })
contest-help-set = параметър на играта, напр. --set size=15 (може многократно)
contest-help-openings = започвай партиите от тези откривания, всяко от двете страни: файл (docs/MATCH.md) или вграден набор (builtin — наборът на самата игра; builtin:renju26, builtin:tictactoe)
contest-help-sprt = спри по-рано според SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial|trinomial]
contest-help-server = играй на този възел (по подразбиране: пусни възел тук); няколко възела от клъстер — със запетая или с повторен --server: ако възелът изчезне, турнирът и играчите продължават на друг
contest-help-out = запиши партиите: във файл (pgn) или в папка (psq)
contest-help-format-out = pgn: всички партии в един файл, подобен на PGN; psq (гомоку): всяка партия в отделен файл на Piskvork в папката --out
contest-help-rated = партиите променят рейтинга на играчите
contest-help-casual = партиите не променят рейтинги (по подразбиране)
contest-help-name = заглавието на турнира (1-64 знака)
contest-help-verbose = записвай в дневника какво правят възелът, ботовете и машините (stderr)

## отказ: играчът е посочен неправилно ($spec: както е посочен, в кавички)
contest-spec-how = играч { $spec }: пишете bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME за друго име)
contest-spec-display-name = играч { $spec }: показваното име е от 1 до 32 знака
contest-spec-needs-level = играч { $spec }: след bot: трябва ниво; пишете bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME за друго име)
contest-spec-needs-value = играч { $spec }: след { $kind }: трябва стойност; пишете bot:LEVEL, pbrain:PATH, cmd:COMMAND или player:NAME (и name=NAME за друго име)
contest-spec-levels = играч { $spec }: нивата на бота са { $levels }
contest-spec-quote = играч { $spec }: кавичките не са затворени (или командата завършва с обратна наклонена черта)
contest-spec-name = играч { $spec }: името на играч е от 1 до 32 знака

## други неподходящи опции
contest-tc = --tc { $given }: пишете МИН+СЕК, напр. 5+2 (5 минути, 2 с на ход), 30s+1 — в секунди, или none — без часовник; началното време е най-много 24 часа (число без единица е в минути, най-много 180: за секунди пишете 300s+5), добавката — от 0 до 3600 с
contest-server-bad = --server { $given }: пишете ws://HOST:PORT или wss://HOST:PORT (няколко: ws://A:8765,ws://B:8765)
contest-sprt-syntax = --sprt { $word }: пишете elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial]
contest-sprt-twice = --sprt: { $key } е зададен два пъти
contest-sprt-number = --sprt { $word }: { $value } не е число
contest-sprt-elo-bound = { $name }={ $value }: границата за Ело е между -{ $most } и { $most }
contest-sprt-order = elo0={ $elo0 }, elo1={ $elo1 }: elo0 трябва да е по-малко от elo1
contest-sprt-rate = { $name }={ $value }: вероятността за грешка е строго между 0 и 1
contest-sprt-rates = alpha={ $alpha }, beta={ $beta }: alpha + beta трябва да е по-малко от 1
contest-sprt-model = model={ $model }: изберете pentanomial или trinomial
# статистиката е поискана за резултати, които не може да има (грешка в кода, който пита)
contest-stats-negative = броят резултати не може да е отрицателен ({ $n })
contest-stats-game = партията носи 0, 1/2 или 1 точка, не { $score }
contest-stats-pairs = пентаномните бройки са пет числа (LL, LD, WL+DD, WD, WW), не { $n }

## по време на игра
# името на бот на възела в таблицата, според нивото му
contest-bot-random = бот (случаен)
contest-bot-easy = бот (лесен)
contest-bot-medium = бот (среден)
contest-bot-hard = бот (силен)
contest-bot-max = бот (максимален)
# заглавието на турнира на възела, когато --name не го дава
contest-title-match = { $game }: мач
contest-title = { $game }: турнир ({ $format })
contest-withdrawn = (извън турнира)
# $name: играч в мрежата, когото чакаме; $id: турнирът; $url: възелът
contest-waiting = чакаме { $name } да влезе в турнир { $id } на { $url } (бот от SDK: --server { $url } --tournament { $id }; машина от Gomocup: grundy gomocup-bot PATH --server { $url } --tournament { $id })

## откази по време на игра ($spec: играчът, както е посочен)
contest-not-entered = { $spec }: не влезе в турнира за { $seconds } с
contest-exited-before = { $spec }: процесът завърши (код { $code }), преди да влезе в турнира
contest-stopped-before = { $spec }: спря, преди да влезе в турнира: { $why }
contest-connection-ended = връзката с { $url } прекъсна: { $why }
contest-no-engine = { $spec }: няма машина в { $path }
contest-not-executable = { $spec }: { $path } не е изпълним файл (изпълнете chmod +x)
contest-engine-cannot-play = { $spec }: машината не може да играе: { $why }
contest-cannot-start = { $spec }: { $program } не може да се стартира: { $why }
contest-node-failed = локалният възел не се стартира: { $why }
