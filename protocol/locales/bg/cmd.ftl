# Думите на CLI за командите извън игрите (serve, register, leaderboard, ...): cmd-...
# Помощта на команда (`grundy serve --help`) са нейните съобщения cmd-<команда>-help-...

cmd-cannot-reach = няма връзка с { $where }: { $why }
cmd-help-game = име на играта (вижте `grundy games`)
cmd-help-set = параметър на играта, напр. --set heaps=3,4,5 (може многократно)
cmd-help-moves = ходове от началото, разделени с интервал (или със запетая, ако в хода има интервал)
cmd-bad-server = --server: { $why }

cmd-serving = grundy работи на ws://{ $host }:{ $port }/ (състояние: http://{ $host }:{ $port }/health)
cmd-in-a-browser = играйте в браузър: http://{ $host }:{ $port }/ (връзка към стая: /r/КОД)
cmd-cluster-mode = режим на клъстер: възел { $node } на { $where }
cmd-cluster-mode-acked = режим на клъстер: възел { $node } на { $where } (ходът е потвърден, когато го пазят { NUMBER($replicas) } { $replicas ->
        [one] реплика
       *[other] реплики
    })
cmd-cluster-bus = публикуване/абониране на { $where }
cmd-admin-on = администрирането е включено: grundy admin (nodes, rooms, abort, kick, ban, drain, ...) със същата тайна в GRUNDY_ADMIN_SECRET
cmd-port-busy = не може да се работи на { $host }:{ $port }: { $why }
cmd-serve-bad-port = --port { $port }: портът е число 0..65535
cmd-serve-bad-workers = --workers { $n }: нужен е поне един обработчик
cmd-serve-bad-grace = --grace { $s }: времето за изчакване трябва да е положително
cmd-serve-db-and-redis = --db и { $flag }: възел от клъстер пази всичко в Redis; посочете само едното
cmd-serve-bots-redis = --bots redis: обработчиците на ботове се достигат през Redis на клъстера; посочете и --redis URL
cmd-serve-bad-public-url = --public-url { $url }: посочете URL, например ws://game1.example.org:8765/
cmd-serve-bad-leave-grace = --leave-grace { $s }: от 0 до 600 секунди
cmd-serve-bad-lease = --lease-ms { $ms }: наемът е 300..600000 ms
cmd-serve-short-secret = { $env }: тайната на администратора е поне { NUMBER($n) } { $n ->
        [one] знак
       *[other] знака
    }
cmd-serve-no-redis = не може да се използва Redis на { $where }: { $why }
cmd-serve-no-bus = не може да се използва Redis на шината на { $where }: { $why }

cmd-serve-help = стартира възел на сървъра grundy (самостоятелно или в клъстер с --redis)
cmd-serve-help-host = адрес, на който да слуша (по подразбиране 127.0.0.1; 0.0.0.0 за всички)
cmd-serve-help-port = порт за websockets и GET /health (по подразбиране 8765)
cmd-serve-help-db = файл на хранилището (по подразбиране { $path })
cmd-serve-help-workers = процеси-обработчици на ботове (по подразбиране: по един на ядро)
cmd-serve-help-grace = колко секунди има прекъснал връзката играч, за да се върне
cmd-serve-help-lease = режим на клъстер: колко дълго стаята остава при възел, който е спрял да я подновява (по подразбиране 3000)
cmd-serve-help-node-id = режим на клъстер: името на този възел (по подразбиране: случайно)
cmd-serve-help-public-url = режим на клъстер: адресът, на който клиентите достигат този възел (ws://HOST:PORT/ или wss://...); съобщава се на всеки клиент, за да може да продължи тук, когато неговият възел изчезне (по подразбиране: ws://HOST:PORT/ от --host и --port)
cmd-serve-help-leave-grace = режим на клъстер: когато този възел спира (SIGTERM, grundy admin drain), колко време имат клиентите му да преминат към другите възли, докато той пренася заявките им; 0 затваря връзките веднага (по подразбиране 10)
cmd-serve-help-bots = режим на клъстер: ходовете на ботовете се правят от обработчиците на този възел (local, по подразбиране) или от обработчици `grundy bots` където и да е, през Redis (redis)
cmd-serve-help-log-level = колко записва възелът в дневника (по подразбиране info)
cmd-serve-help-log-format = text за хора (по подразбиране) или json: по един обект на ред (време, ниво, дневник, съобщение, както и възелът, стаята и сесията, за които се отнася)

cmd-redis-help = режим на клъстер: общ с другите възли Redis (redis://HOST:PORT/DB) вместо файл на хранилището
cmd-redis-help-sentinel = режим на клъстер с репликиран Redis: Sentinel-ите, които посочват основния му сървър (вместо --redis; заедно с --redis-master)
cmd-redis-help-master = името, под което Sentinel-ите следят основния сървър (sentinel monitor NAME ...)
cmd-redis-help-replicas = ходът е потвърден, когато го пазят N реплики (Redis WAIT; по подразбиране 1 с --redis-sentinel, 0 с --redis; 0: щом е на основния)
cmd-redis-help-wait = колко може ходът да чака репликите (по подразбиране { $ms }); ход, който не потвърдят навреме, получава отговор 'unavailable' и не се разпраща
cmd-redis-help-bus = режим на клъстер: кадрите и заявките между възлите (публикуване/абониране) минават през този Redis (redis://HOST:PORT/DB), а не през този на хранилището; той не пази нищо, затова не му трябва append-only файл, и кадрите на хода не чакат fsync (docs/STORE.md)
cmd-redis-both = --redis и --redis-sentinel: посочете само едното (URL или Sentinel-ите, които посочват основния сървър)
cmd-redis-no-master = --redis-sentinel: посочете и --redis-master NAME (името, под което Sentinel-ите следят основния сървър)
cmd-redis-no-sentinel = --redis-master: то посочва основния сървър на Sentinel-ите; посочете и --redis-sentinel HOST:PORT,...
cmd-redis-bad-url = { $flag } { $url }: посочете URL, например { $example }
cmd-redis-bad-sentinel = --redis-sentinel { $value }: { $why }
cmd-redis-needed = посочете --redis URL или --redis-sentinel HOST:PORT,... заедно с --redis-master NAME
cmd-redis-replicas-alone = { $flag }: реплики има само клъстерът (посочете и --redis или --redis-sentinel)
cmd-redis-bad-replicas = --redis-replicas { $n }: от 0 до 16
cmd-redis-bad-wait = --redis-wait-ms { $ms }: от 10 до { $most } ms
cmd-redis-bus-alone = --redis-bus: шината пренася кадрите на клъстера между възлите му (посочете и --redis или --redis-sentinel)

cmd-register-help = регистрира име на играч (рейтингът и историята се пазят)
cmd-register-about = Регистрира NAME на възел: ставате играч, чиито рейтинги, история и участия в турнири се пазят от една връзка до следващата. Възелът създава тайна и я показва веднъж; тя се записва в players.json във вашата папка на grundy ($GRUNDY_CONFIG_DIR, иначе ~/.config/grundy; четима само от вас), и grundy play, ботовете и мостът към Gomocup я използват всеки път, когато се свързват с този възел като NAME. Имената са от 1 до 32 букви, цифри, _ . или -, уникални без значение от главни и малки букви.
cmd-register-help-name = името на играча
cmd-register-help-server = URL на възела (по подразбиране { $url }); няколко възела от един клъстер, разделени със запетая или с повторен --server: регистрира на първия, който отговори, и тайната се записва за всеки
cmd-register-bad-name = име { $name }: името на играч е от 1 до 32 букви, цифри, _ . или - и започва с буква или цифра
cmd-register-not-saved = { $name } е регистриран, но тайната му не можа да се запише: { $why }
cmd-register-secret-once = тайна (показва се веднъж; пазете я): { $secret }
cmd-registered = { $name } е регистриран на { $url }
cmd-register-saved = тайната е записана в { $path }
cmd-register-secret = тайна (показва се веднъж; за да играете като { $name } другаде, копирайте я там): { $secret }
cmd-refused = { $code }: { $message }

cmd-leaderboard-help = най-добре класираните играчи на игра
cmd-leaderboard-about = Показва най-добрите рейтинги Glicko-2 за семейство игри (името от каталога, с каквито и да е параметри) на възел, като рейтинг ± 2·RD (интервалът, в който е силата на играча), с ? след предварителен рейтинг (отклонение над 110: първите партии или след дълго отсъствие). Ботовете на сървъра са показани като bot:НИВО.
cmd-leaderboard-help-server = URL на възела (по подразбиране { $url }); няколко възела от един клъстер, разделени със запетая или с повторен --server: първият, който отговори
cmd-leaderboard-help-top = колко играчи, 1-{ $most } (по подразбиране 20)
cmd-leaderboard-bad-top = --top { $n }: от 1 до { $most }
cmd-leaderboard-head = { $game }: класиране на { $url }
cmd-leaderboard-empty = никой още не е играл партия с рейтинг в тази игра
cmd-col-rank = място
cmd-col-player = играч
cmd-col-rating = рейтинг
cmd-col-games = партии

cmd-bots-help = стартира обработчици на ботовете на сървъра за възлите на клъстер (те вземат задачи от Redis)
cmd-bots-help-workers = процеси-обработчици (по подразбиране: по един на ядро)
cmd-bots-help-levels = само задачи на тези нива (random, easy, medium, hard, max; по подразбиране: всички), напр. --levels max
cmd-bots-help-claim = задача, чийто обработчик мълчи толкова време, се поема от друг (по подразбиране 1500)
cmd-bots-unknown-levels = непознати: { $levels }
cmd-bots-no-level = не е посочено ниво
cmd-bots-bad-levels = --levels { $value }: { $why }; нивата са: { $levels }
cmd-bots-bad-claim = --claim-ms { $ms }: от 100 до 600000 ms
cmd-bots-working = grundy bots: { NUMBER($n) } { $n ->
        [one] обработчик
       *[other] обработчика
    } на { $where } за нива { $levels }

cmd-help-json = изход за програми (JSON)
cmd-games-help = изброява всички игри с параметрите им
cmd-games-alias = { $name }  (= { $of } с параметрите по подразбиране)
cmd-games-seats = { $name }  (места: { $seats })
cmd-games-none = няма
cmd-games-default = по подразбиране { $value }
cmd-show-help = изиграва ходове и показва позицията, възможните ходове и резултата
cmd-show-help-as = показва позицията, както я вижда това място (0, 1, ...) или зрител (по подразбиране: всичко)
cmd-analyze-help = стойността на всяко поле: резултат и K, стойност на Гранди, цена, време до залавяне
cmd-analyze-about = corner (2 играчи): печалба/загуба за K хода и стойността на Гранди на всяко поле, с проверка на правилото за четност при царя, топа като ним с две купчини и дамата като играта на Уитоф; pawn: цената на всяко поле; pursuit с един преследвач: времето до залавяне от всяка двойка полета.
cmd-analyze-help-pursuer = pursuit: рисува дъската за преследвача на това поле (по подразбиране: началното му)
cmd-analyze-help-json = изход за програми: JSON, стойността на всяко поле в "cells"

cmd-export-help = изнася записите на завършени партии от хранилището
cmd-export-about = Записва завършените (и прекъснатите) партии: редове JSON, четим текст, текст като PGN с етикети или файлове Piskvork .psq за гомоку (docs/RECORDS.md).
cmd-export-help-room = само тази стая
cmd-export-help-all = всички приключили партии в хранилището, завършени или прекъснати, от най-старите (по подразбиране)
cmd-export-help-format = jsonl (по подразбиране): по един запис JSON на ред; text: четим текст; pgn: етикети и ходове като PGN; psq: партии гомоку за инструментите на Gomocup (Piskvork), всяка в отделен файл в --out
cmd-export-help-out = psq: папката, в която да се запишат файловете ROOM.psq
cmd-export-help-db = файл на хранилището (по подразбиране { $path }); само се чете, никога не се променя
cmd-export-db-and-redis = --db и --redis/--redis-sentinel: посочете само едното (файла на хранилището на възел или Redis на клъстер)
cmd-export-psq-out = --format psq записва всяка партия в отделен файл: посочете --out DIR (или --room ID, за да изведете една партия)
cmd-export-out-psq = --out е само за --format psq (другите формати отиват в стандартния изход)
cmd-export-not-psq = стая { $room } е партия { $game }: .psq съдържа само партии гомоку
cmd-export-no-room = няма стая { $room } в { $where }
cmd-export-no-room-cluster = няма стая { $room } в клъстера
cmd-export-wrote = записани са { NUMBER($n) } { $n ->
        [one] партия
       *[other] партии
    } гомоку в { $path } (пропуснати други: { NUMBER($skipped) })
cmd-export-no-store = няма хранилище в { $path }: първо стартирайте `grundy serve` или посочете --db PATH

cmd-warning = предупреждение
cmd-admin-help = управлява работещи възли: списък на възли и стаи, прекъсване на стаи, изгонване и блокиране на играчи, спиране на възел
cmd-admin-about = Управлява работещи възли през порта на възел (в режим на клъстер всеки възел отговаря за целия клъстер). Тайната на администратора се взема от ${ $env }, никога от командния ред; възлите трябва да са стартирани със същата. Код на изхода: 0 изпълнено, 1 отказ или недостъпен възел, 2 грешка в извикването.
cmd-admin-help-node = адресът на възел: HOST:PORT или неговият URL (http://... или ws://...)
cmd-admin-help-json = извежда отговора на възела в JSON вместо таблица
cmd-admin-help-nodes = списък на възлите (в клъстер — всички живи): адрес (за drain), стаи, връзки, наеми
cmd-admin-help-rooms = списък и търсене на стаи (в клъстер — на всички възли), от най-новите
cmd-admin-help-game = само стаи на тази игра
cmd-admin-help-player = само стаи, в които този играч заема място
cmd-admin-help-state = само стаи в това състояние
cmd-admin-help-abort = прекратява стая без резултат: играчите ѝ получават game_over (aborted) с причината
cmd-admin-help-room = идентификаторът на стаята (показва ги grundy admin rooms)
cmd-admin-help-reason-room = причината, както ще я прочетат играчите
cmd-admin-help-kick = затваря всички връзки на играч с това име (без значение от главни и малки букви) на всички възли
cmd-admin-help-ban = блокира име на играч (пази се в хранилището: hello, resume и register се отказват) и го изгонва
cmd-admin-help-unban = премахва блокирането на име на играч
cmd-admin-help-name = името на играча (без значение от главни и малки букви)
cmd-admin-help-reason-player = причината, както ще я прочете играчът
cmd-admin-help-bans = списък на блокираните имена на играчи
cmd-admin-help-drain = прави същото като SIGTERM: възелът затваря връзките си (клиентите продължават другаде), предава стаите си и спира
cmd-admin-help-timeout = колко секунди да се чака възелът да спре (по подразбиране 60)
cmd-admin-help-no-wait = връща се, щом възелът приеме спирането
cmd-admin-bad-node = NODE { $node }: посочете адреса на възела като HOST:PORT или неговия URL, например ws://127.0.0.1:8765/
cmd-admin-no-secret = задайте в { $env } тайната на администратора на възела (никога не се дава в командния ред)
cmd-admin-bad-timeout = --timeout { $s }: посочете положителен брой секунди
cmd-admin-unreachable = няма връзка с възела на { $url }: { $why }
cmd-admin-refused = възелът на { $url } отказа: { $why }
cmd-admin-no-rooms = няма стаи
cmd-admin-no-bans = няма блокирания
cmd-admin-aborted = стая { $room } на възел { $node }: { $state } ({ $reason })
cmd-admin-unbanned = { $name }: вече не е блокиран
cmd-admin-kicked = { $name }: затворени връзки: { NUMBER($n) }
cmd-admin-banned = { $name }: блокиран ({ $reason }); затворени връзки: { NUMBER($n) }
cmd-admin-draining = възел { $node } спира: предадени стаи: { NUMBER($rooms) }, връзки, помолени да преминат: { NUMBER($n) } (клиентите им продължават на други възли)
cmd-admin-stopped = възел { $node } спря
cmd-admin-restarted = възел { $node } спря (и беше стартиран отново)
cmd-admin-still-running = възел { $node } още работеше { $s } s след спирането

cmd-open-long-line = { $where }: редът е най-много { $most } знака
cmd-open-header-once = { $where }: заглавието `game:` е веднъж, преди първото откриване
cmd-open-long = { $where }: откриването е най-много { $most } хода, а това е { $n }
cmd-open-many = { $where }: файлът съдържа най-много { $most } откривания
cmd-open-none = { $where }: няма откривания (по едно на ред: ходове, разделени с интервал; # започва коментар)
cmd-open-header = { $where }: пишете заглавието като `game: NAME key=value ...`, напр. `game: gomoku size=15`
cmd-open-header-word = { $where }: { $word } в заглавието: пишете key=value, напр. size=15
cmd-open-no-file = --openings { $path }: няма такъв файл
cmd-open-unreadable = --openings { $path }: не може да се прочете ({ $why })
cmd-open-no-set = --openings builtin:{ $name }: няма такъв набор; вградените набори са { $sets }
cmd-open-no-builtin = --openings builtin: няма вграден набор за { $game } (наборите: { $sets }); напишете свой файл (docs/MATCH.md)
cmd-open-header-game = { $where }: играта в заглавието: { $why }
cmd-open-other-game = { $where }: откриванията са за { $theirs }, а не за { $game }
cmd-open-other-params = { $where }: откриванията са за { $theirs }, а играта е с { $ours }
cmd-open-bad-move = { $where }: ход { $i } { $move }: { $why }
cmd-open-over = { $where }: след това откриване играта е свършила; откриването трябва да оставя игра за игране

cmd-id-too-large = { $path }: по-голям от { $most } байта; това не е файл със запазени тайни
cmd-id-unreadable = { $path }: не може да се прочете ({ $why })
cmd-id-not-secrets = { $path }: това не е файл със запазени тайни (няма раздел 'servers')
cmd-id-no-folder = { $path }: не може да се създаде ({ $why })
cmd-id-unwritable = { $path }: не може да се запише ({ $why })
