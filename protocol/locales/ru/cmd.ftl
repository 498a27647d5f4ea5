# Слова CLI для команд помимо игр (serve, register, leaderboard, ...): cmd-...
# Справка команды (`grundy serve --help`) — её сообщения cmd-<команда>-help-...

cmd-cannot-reach = не удалось подключиться к { $where }: { $why }
cmd-help-game = название игры (см. `grundy games`)
cmd-help-set = параметр игры, напр. --set heaps=3,4,5 (можно несколько раз)
cmd-help-moves = ходы с начала, через пробел (или через запятую, если в ходе есть пробел)
cmd-bad-server = --server: { $why }

cmd-serving = grundy работает на ws://{ $host }:{ $port }/ (состояние: http://{ $host }:{ $port }/health)
cmd-in-a-browser = играть в браузере: http://{ $host }:{ $port }/ (ссылка на комнату: /r/КОД)
cmd-cluster-mode = режим кластера: узел { $node } на { $where }
cmd-cluster-mode-acked = режим кластера: узел { $node } на { $where } (ход подтверждён, когда его хранят { NUMBER($replicas) } { $replicas ->
        [one] реплика
        [few] реплики
       *[other] реплик
    })
cmd-cluster-bus = публикация/подписка на { $where }
cmd-admin-on = администрирование включено: grundy admin (nodes, rooms, abort, kick, ban, drain, ...) с тем же секретом в GRUNDY_ADMIN_SECRET
cmd-port-busy = не удаётся работать на { $host }:{ $port }: { $why }
cmd-serve-bad-port = --port { $port }: порт — это число 0..65535
cmd-serve-bad-workers = --workers { $n }: нужен хотя бы один обработчик
cmd-serve-bad-grace = --grace { $s }: время ожидания должно быть положительным
cmd-serve-db-and-redis = --db и { $flag }: узел кластера хранит всё в Redis; укажите что-то одно
cmd-serve-bots-redis = --bots redis: обработчики ботов доступны через Redis кластера; укажите также --redis URL
cmd-serve-bad-public-url = --public-url { $url }: укажите URL, например ws://game1.example.org:8765/
cmd-serve-bad-leave-grace = --leave-grace { $s }: от 0 до 600 секунд
cmd-serve-bad-lease = --lease-ms { $ms }: аренда длится 300..600000 мс
cmd-serve-short-secret = { $env }: в секрете администратора не меньше { NUMBER($n) } { $n ->
        [one] символа
        [few] символов
       *[other] символов
    }
cmd-serve-no-redis = не удаётся использовать Redis на { $where }: { $why }
cmd-serve-no-bus = не удаётся использовать Redis шины на { $where }: { $why }

cmd-serve-help = запустить узел сервера grundy (отдельно или в кластере с --redis)
cmd-serve-help-host = адрес для прослушивания (по умолчанию 127.0.0.1; 0.0.0.0 — все)
cmd-serve-help-port = порт для websockets и GET /health (по умолчанию 8765)
cmd-serve-help-db = файл хранилища (по умолчанию { $path })
cmd-serve-help-workers = процессы-обработчики ботов (по умолчанию: по одному на ядро)
cmd-serve-help-grace = сколько секунд есть у отключившегося игрока, чтобы вернуться
cmd-serve-help-lease = режим кластера: сколько комната остаётся за узлом, который перестал её продлевать (по умолчанию 3000)
cmd-serve-help-node-id = режим кластера: имя этого узла (по умолчанию: случайное)
cmd-serve-help-public-url = режим кластера: адрес, по которому клиенты достигают этого узла (ws://HOST:PORT/ или wss://...); его сообщают каждому клиенту, чтобы он мог продолжить здесь, когда его узла не станет (по умолчанию: ws://HOST:PORT/ из --host и --port)
cmd-serve-help-leave-grace = режим кластера: когда этот узел останавливается (SIGTERM, grundy admin drain), сколько времени есть у его клиентов, чтобы перейти на другие узлы, пока он передаёт их запросы; 0 — закрыть соединения сразу (по умолчанию 10)
cmd-serve-help-bots = режим кластера: ходы ботов делают обработчики этого узла (local, по умолчанию) или обработчики `grundy bots` где угодно, через Redis (redis)
cmd-serve-help-log-level = сколько узел пишет в журнал (по умолчанию info)
cmd-serve-help-log-format = text — для людей (по умолчанию), или json: один объект на строку (время, уровень, журнал, сообщение, а также узел, комната и сессия, к которым оно относится)

cmd-redis-help = режим кластера: общий с другими узлами Redis (redis://HOST:PORT/DB) вместо файла хранилища
cmd-redis-help-sentinel = режим кластера с реплицируемым Redis: Sentinel-ы, которые называют его основной сервер (вместо --redis; вместе с --redis-master)
cmd-redis-help-master = имя, под которым Sentinel-ы следят за основным сервером (sentinel monitor NAME ...)
cmd-redis-help-replicas = ход подтверждён, когда его хранят N реплик (Redis WAIT; по умолчанию 1 с --redis-sentinel, 0 с --redis; 0 — как только он есть на основном)
cmd-redis-help-wait = сколько ход может ждать реплики (по умолчанию { $ms }); на ход, который они не подтвердили вовремя, отвечают 'unavailable', и он не рассылается
cmd-redis-help-bus = режим кластера: передавать кадры и запросы между узлами (публикация/подписка) через этот Redis (redis://HOST:PORT/DB), а не через Redis хранилища; он ничего не хранит, поэтому ему не нужен append-only файл, и кадры хода не ждут fsync (docs/STORE.md)
cmd-redis-both = --redis и --redis-sentinel: укажите что-то одно (URL или Sentinel-ы, которые называют основной сервер)
cmd-redis-no-master = --redis-sentinel: укажите также --redis-master NAME (имя, под которым Sentinel-ы следят за основным сервером)
cmd-redis-no-sentinel = --redis-master: оно называет основной сервер для Sentinel-ов; укажите также --redis-sentinel HOST:PORT,...
cmd-redis-bad-url = { $flag } { $url }: укажите URL, например { $example }
cmd-redis-bad-sentinel = --redis-sentinel { $value }: { $why }
cmd-redis-needed = укажите --redis URL или --redis-sentinel HOST:PORT,... вместе с --redis-master NAME
cmd-redis-replicas-alone = { $flag }: реплики бывают только у кластера (укажите также --redis или --redis-sentinel)
cmd-redis-bad-replicas = --redis-replicas { $n }: от 0 до 16
cmd-redis-bad-wait = --redis-wait-ms { $ms }: от 10 до { $most } мс
cmd-redis-bus-alone = --redis-bus: шина передаёт кадры кластера между его узлами (укажите также --redis или --redis-sentinel)

cmd-register-help = зарегистрировать имя игрока (рейтинги и история сохраняются)
cmd-register-about = Зарегистрировать NAME на узле: вы становитесь игроком, чьи рейтинги, история и участие в турнирах сохраняются от одного подключения к другому. Узел создаёт секрет и показывает его один раз; он сохраняется в players.json в вашей папке grundy ($GRUNDY_CONFIG_DIR, иначе ~/.config/grundy; читать можете только вы), и grundy play, боты и мост Gomocup используют его всякий раз, когда подключаются к этому узлу как NAME. Имя — от 1 до 32 букв, цифр, _ . или -, уникальное без учёта регистра.
cmd-register-help-name = имя игрока
cmd-register-help-server = URL узла (по умолчанию { $url }); несколько узлов одного кластера — через запятую или повторяя --server: регистрация на первом ответившем, секрет сохраняется для каждого
cmd-register-bad-name = имя { $name }: имя игрока — от 1 до 32 букв, цифр, _ . или -, начинается с буквы или цифры
cmd-register-not-saved = { $name } зарегистрирован, но его секрет не удалось сохранить: { $why }
cmd-register-secret-once = секрет (показан один раз; сохраните его): { $secret }
cmd-registered = { $name } зарегистрирован на { $url }
cmd-register-saved = секрет сохранён в { $path }
cmd-register-secret = секрет (показан один раз; чтобы играть как { $name } в другом месте, скопируйте его туда): { $secret }
cmd-refused = { $code }: { $message }

cmd-leaderboard-help = игроки с самым высоким рейтингом в игре
cmd-leaderboard-about = Показать лучшие рейтинги Glicko-2 в семействе игр (название из каталога, с любыми параметрами) на узле, как рейтинг ± 2·RD (интервал, в котором лежит сила игрока), с ? после предварительного рейтинга (отклонение больше 110: первые партии или после долгого перерыва). Боты сервера показаны как bot:УРОВЕНЬ.
cmd-leaderboard-help-server = URL узла (по умолчанию { $url }); несколько узлов одного кластера — через запятую или повторяя --server: первый ответивший
cmd-leaderboard-help-top = сколько игроков, 1-{ $most } (по умолчанию 20)
cmd-leaderboard-bad-top = --top { $n }: от 1 до { $most }
cmd-leaderboard-head = { $game }: рейтинг игроков на { $url }
cmd-leaderboard-empty = в эту игру ещё никто не сыграл рейтинговой партии
cmd-col-rank = место
cmd-col-player = игрок
cmd-col-rating = рейтинг
cmd-col-games = партии

cmd-bots-help = запустить обработчики ботов сервера для узлов кластера (они берут задания из Redis)
cmd-bots-help-workers = процессы-обработчики (по умолчанию: по одному на ядро)
cmd-bots-help-levels = только задания этих уровней (random, easy, medium, hard, max; по умолчанию: все), напр. --levels max
cmd-bots-help-claim = задание, обработчик которого молчит столько времени, берёт другой (по умолчанию 1500)
cmd-bots-unknown-levels = неизвестные: { $levels }
cmd-bots-no-level = не указан ни один уровень
cmd-bots-bad-levels = --levels { $value }: { $why }; уровни: { $levels }
cmd-bots-bad-claim = --claim-ms { $ms }: от 100 до 600000 мс
cmd-bots-working = grundy bots: { NUMBER($n) } { $n ->
        [one] обработчик
        [few] обработчика
       *[other] обработчиков
    } на { $where } для уровней { $levels }

cmd-help-json = вывод для программ (JSON)
cmd-games-help = перечислить все игры с их параметрами
cmd-games-alias = { $name }  (= { $of } с параметрами по умолчанию)
cmd-games-seats = { $name }  (мест: { $seats })
cmd-games-none = нет
cmd-games-default = по умолчанию { $value }
cmd-show-help = сыграть ходы и показать позицию, возможные ходы и результат
cmd-show-help-as = показать позицию так, как её видит это место (0, 1, ...) или зритель (по умолчанию: всё)
cmd-analyze-help = значение каждой клетки: результат и K, значение Гранди, цена, время до поимки
cmd-analyze-about = corner (2 игрока): выигрыш/проигрыш за K ходов и значение Гранди каждой клетки, с проверкой правила чётности для короля, ладьи как нима из двух кучек и ферзя как игры Витхоффа; pawn: цена каждой клетки; pursuit с одним преследователем: время до поимки из каждой пары клеток.
cmd-analyze-help-pursuer = pursuit: нарисовать доску для преследователя на этой клетке (по умолчанию: его начальная)
cmd-analyze-help-json = вывод для программ: JSON, значение каждой клетки в "cells"

cmd-export-help = экспортировать записи законченных партий из хранилища
cmd-export-about = Записать законченные (и прерванные) партии: строки JSON, текст для чтения, текст в стиле PGN с тегами или файлы Piskvork .psq для гомоку (docs/RECORDS.md).
cmd-export-help-room = только эту комнату
cmd-export-help-all = все партии хранилища, которые закончились, завершены или прерваны, начиная со старых (по умолчанию)
cmd-export-help-format = jsonl (по умолчанию): одна запись JSON на строку; text: для чтения; pgn: теги и ходы в стиле PGN; psq: партии гомоку для инструментов Gomocup (Piskvork), каждая в отдельном файле в --out
cmd-export-help-out = psq: папка, куда записать файлы ROOM.psq
cmd-export-help-db = файл хранилища (по умолчанию { $path }); только читается, никогда не меняется
cmd-export-db-and-redis = --db и --redis/--redis-sentinel: укажите что-то одно (файл хранилища узла или Redis кластера)
cmd-export-psq-out = --format psq записывает каждую партию в отдельный файл: укажите --out DIR (или --room ID, чтобы вывести одну партию)
cmd-export-out-psq = --out — только для --format psq (остальные форматы выводятся в стандартный вывод)
cmd-export-not-psq = комната { $room } — это партия { $game }: .psq содержит только партии гомоку
cmd-export-no-room = нет комнаты { $room } в { $where }
cmd-export-no-room-cluster = нет комнаты { $room } в кластере
cmd-export-wrote = в { $path } записано партий гомоку: { NUMBER($n) } (пропущено других: { NUMBER($skipped) })
cmd-export-no-store = нет хранилища { $path }: сначала запустите `grundy serve` или укажите --db PATH

cmd-warning = предупреждение
cmd-admin-help = управлять запущенными узлами: список узлов и комнат, прерывание комнат, исключение и блокировка игроков, остановка узла
cmd-admin-about = Управлять запущенными узлами через порт узла (в режиме кластера любой узел отвечает за весь кластер). Секрет администратора берётся из ${ $env }, никогда из командной строки; узлы должны быть запущены с тем же секретом. Код выхода: 0 выполнено, 1 отказ или узел недоступен, 2 ошибка в вызове.
cmd-admin-help-node = адрес узла: HOST:PORT или его URL (http://... или ws://...)
cmd-admin-help-json = вывести ответ узла в JSON вместо таблицы
cmd-admin-help-nodes = список узлов (в кластере — всех живых): адрес (для drain), комнаты, соединения, аренды
cmd-admin-help-rooms = список и поиск комнат (в кластере — всех узлов), начиная с новых
cmd-admin-help-game = только комнаты этой игры
cmd-admin-help-player = только комнаты, где этот игрок занимает место
cmd-admin-help-state = только комнаты в этом состоянии
cmd-admin-help-abort = завершить комнату без результата: её игроки получают game_over (aborted) с причиной
cmd-admin-help-room = идентификатор комнаты (их показывает grundy admin rooms)
cmd-admin-help-reason-room = причина, как её прочтут игроки
cmd-admin-help-kick = закрыть все соединения игрока с этим именем (без учёта регистра) на всех узлах
cmd-admin-help-ban = заблокировать имя игрока (хранится в хранилище: hello, resume и register отклоняются) и исключить его
cmd-admin-help-unban = снять блокировку с имени игрока
cmd-admin-help-name = имя игрока (без учёта регистра)
cmd-admin-help-reason-player = причина, как её прочтёт игрок
cmd-admin-help-bans = список заблокированных имён игроков
cmd-admin-help-drain = то же, что SIGTERM: узел закрывает соединения (клиенты продолжают в другом месте), передаёт свои комнаты и останавливается
cmd-admin-help-timeout = сколько секунд ждать остановки узла (по умолчанию 60)
cmd-admin-help-no-wait = вернуться, как только узел принял остановку
cmd-admin-bad-node = NODE { $node }: укажите адрес узла как HOST:PORT или его URL, например ws://127.0.0.1:8765/
cmd-admin-no-secret = задайте в { $env } секрет администратора узла (его никогда не передают в командной строке)
cmd-admin-bad-timeout = --timeout { $s }: укажите положительное число секунд
cmd-admin-unreachable = не удалось подключиться к узлу { $url }: { $why }
cmd-admin-refused = узел { $url } отказал: { $why }
cmd-admin-no-rooms = комнат нет
cmd-admin-no-bans = блокировок нет
cmd-admin-aborted = комната { $room } на узле { $node }: { $state } ({ $reason })
cmd-admin-unbanned = { $name }: блокировка снята
cmd-admin-kicked = { $name }: закрыто соединений: { NUMBER($n) }
cmd-admin-banned = { $name }: заблокирован ({ $reason }); закрыто соединений: { NUMBER($n) }
cmd-admin-draining = узел { $node } останавливается: передано комнат: { NUMBER($rooms) }, соединений, которым сказано перейти: { NUMBER($n) } (их клиенты продолжат на других узлах)
cmd-admin-stopped = узел { $node } остановился
cmd-admin-restarted = узел { $node } остановился (и был снова запущен)
cmd-admin-still-running = узел { $node } всё ещё работал через { $s } с после остановки

cmd-open-long-line = { $where }: в строке не больше { $most } символов
cmd-open-header-once = { $where }: заголовок `game:` бывает один раз, перед первым дебютом
cmd-open-long = { $where }: в дебюте не больше { $most } ходов, а в этом — { $n }
cmd-open-many = { $where }: в файле не больше { $most } дебютов
cmd-open-none = { $where }: нет дебютов (по одному на строку: ходы через пробел; # начинает комментарий)
cmd-open-header = { $where }: пишите заголовок как `game: NAME key=value ...`, напр. `game: gomoku size=15`
cmd-open-header-word = { $where }: { $word } в заголовке: пишите key=value, напр. size=15
cmd-open-no-file = --openings { $path }: такого файла нет
cmd-open-unreadable = --openings { $path }: не удаётся прочитать ({ $why })
cmd-open-no-set = --openings builtin:{ $name }: такого набора нет; встроенные наборы: { $sets }
cmd-open-no-builtin = --openings builtin: для { $game } нет встроенного набора (наборы: { $sets }); напишите свой файл (docs/MATCH.md)
cmd-open-header-game = { $where }: игра в заголовке: { $why }
cmd-open-other-game = { $where }: дебюты для { $theirs }, а не для { $game }
cmd-open-other-params = { $where }: дебюты для { $theirs }, а игра идёт с { $ours }
cmd-open-bad-move = { $where }: ход { $i } { $move }: { $why }
cmd-open-over = { $where }: после этого дебюта игра окончена; дебют должен оставлять игру, в которую можно играть

cmd-id-too-large = { $path }: больше { $most } байт; это не файл сохранённых секретов
cmd-id-unreadable = { $path }: не удаётся прочитать ({ $why })
cmd-id-not-secrets = { $path }: это не файл сохранённых секретов (нет раздела 'servers')
cmd-id-no-folder = { $path }: не удаётся создать ({ $why })
cmd-id-unwritable = { $path }: не удаётся записать ({ $why })
