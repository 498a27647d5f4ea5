# grundy match і grundy tournament: довідка, відмови і те, що вони кажуть під час гри (contest-...)
# (жива таблиця, рядок поступу і рядок SPRT — повідомлення cli-... і words-sprt...)

## --help
contest-match-help = зіграти матч між двома ботами або рушіями: Ело, LOS, SPRT (як cutechess-cli і fastchess)
contest-match-about = Грає матч із --games партій між двома гравцями (bot:LEVEL, pbrain:PATH, cmd:COMMAND, player:NAME): кольори чергуються, кожен дебют грають за обидві сторони.  Показує рахунок, різницю Ело з 95% похибкою, LOS і частку нічиїх; --sprt зупиняє матч, щойно тест дасть відповідь.  Без --server вузол запускається в цьому процесі (docs/MATCH.md).
contest-tournament-help = провести турнір між ботами, рушіями Gomocup і ботами SDK (як cutechess-cli)
contest-tournament-about = Проводить турнір (коловий, за швейцарською системою, на вибування або «один проти всіх») між ботами вузла (bot:LEVEL), рушіями Gomocup (pbrain:PATH), ботами SDK, запущеними як процеси (cmd:COMMAND), і гравцями, що вже в мережі (player:NAME, з --server).  Без --server вузол запускається в цьому процесі.  Поки турнір триває — жива таблиця, наприкінці — підсумкова таблиця і таблиця зустрічей; --out записує партії (docs/MATCH.md).
contest-help-game = гра на двох гравців (див. `grundy games`)
contest-help-first = перший гравець (його Ело вимірюється відносно другого)
contest-help-second = другий гравець
contest-help-player = гравець: bot:LEVEL, pbrain:PATH[ ARGS], cmd:COMMAND або player:NAME, у кінці можна додати name=NAME (опцію повторюють: щонайменше двоє гравців)
contest-help-format = як складаються пари (типово round-robin)
contest-help-rounds = swiss: кількість турів (типово — скільки треба, щоб визначити переможця); round-robin: 1 або 2 (за 2 кожна пара грає ще раз зі зміною кольорів)
contest-help-games-match = партій у матчі, кольори чергуються, 1-{ $most } (типово 10, з --sprt { $most })
contest-help-games = партій у кожній парі, кольори чергуються, 1-{ $most } (типово 2)
contest-help-concurrency = скільки партій іде одночасно, 1-{ $most } (типово 1)
contest-help-tc = контроль часу кожної партії: 5+2 — це 5 хвилин і 2 с на хід, 30s+1 або 10s+0.1 — у секундах, none — без годинника (типово { $default })
contest-help-set = параметр гри, напр. --set size=15 (можна кілька разів)
contest-help-openings = починати партії з цих дебютів, кожен за обидві сторони: файл (docs/MATCH.md) або вбудований набір (builtin — набір самої гри; builtin:renju26, builtin:tictactoe)
contest-help-sprt = зупинити раніше за SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial|trinomial]
contest-help-server = грати на цьому вузлі (типово: запустити вузол тут); кілька вузлів кластера — через кому або повторивши --server: якщо вузол зникне, турнір і гравці продовжать на іншому
contest-help-out = записати партії: у файл (pgn) або в теку (psq)
contest-help-format-out = pgn: усі партії в одному файлі, схожому на PGN; psq (гомоку): кожна партія в окремому файлі Piskvork у теці --out
contest-help-rated = партії змінюють рейтинги гравців
contest-help-casual = партії не змінюють рейтингів (типово)
contest-help-name = назва турніру (1-64 символи)
contest-help-verbose = писати в журнал, що роблять вузол, боти і рушії (stderr)

## відмова: гравця вказано неправильно ($spec: як його вказано, в лапках)
contest-spec-how = гравець { $spec }: пишіть bot:LEVEL, pbrain:PATH, cmd:COMMAND або player:NAME (і name=NAME, щоб дати інше ім'я)
contest-spec-display-name = гравець { $spec }: ім'я для показу має від 1 до 32 символів
contest-spec-needs-level = гравець { $spec }: після bot: потрібен рівень; пишіть bot:LEVEL, pbrain:PATH, cmd:COMMAND або player:NAME (і name=NAME, щоб дати інше ім'я)
contest-spec-needs-value = гравець { $spec }: після { $kind }: потрібне значення; пишіть bot:LEVEL, pbrain:PATH, cmd:COMMAND або player:NAME (і name=NAME, щоб дати інше ім'я)
contest-spec-levels = гравець { $spec }: рівні бота — { $levels }
contest-spec-quote = гравець { $spec }: лапки не закрито (або команда закінчується зворотною скісною рискою)
contest-spec-name = гравець { $spec }: ім'я гравця має від 1 до 32 символів

## інші опції, які не підходять
contest-tc = --tc { $given }: пишіть ХВ+С, напр. 5+2 (5 хвилин, 2 с на хід), 30s+1 — у секундах, або none — без годинника; початковий час — щонайбільше 24 години (число без одиниці — це хвилини, щонайбільше 180: для секунд пишіть 300s+5), додаток — від 0 до 3600 с
contest-server-bad = --server { $given }: пишіть ws://HOST:PORT або wss://HOST:PORT (кілька: ws://A:8765,ws://B:8765)
contest-sprt-syntax = --sprt { $word }: пишіть elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial]
contest-sprt-twice = --sprt: { $key } вказано двічі
contest-sprt-number = --sprt { $word }: { $value } — не число
contest-sprt-elo-bound = { $name }={ $value }: межа Ело — від -{ $most } до { $most }
contest-sprt-order = elo0={ $elo0 }, elo1={ $elo1 }: elo0 має бути менше за elo1
contest-sprt-rate = { $name }={ $value }: імовірність помилки — строго між 0 і 1
contest-sprt-rates = alpha={ $alpha }, beta={ $beta }: alpha + beta має бути менше за 1
contest-sprt-model = model={ $model }: оберіть pentanomial або trinomial
# статистику запитали для результатів, яких не буває (вада коду, що питав)
contest-stats-negative = кількість результатів не буває від'ємною ({ $n })
contest-stats-game = партія дає 0, 1/2 або 1 очко, а не { $score }
contest-stats-pairs = пентаноміальні лічильники — це п'ять чисел (LL, LD, WL+DD, WD, WW), а не { $n }

## під час гри
# ім'я бота вузла в таблиці, за його рівнем
contest-bot-random = бот (випадковий)
contest-bot-easy = бот (легкий)
contest-bot-medium = бот (середній)
contest-bot-hard = бот (сильний)
contest-bot-max = бот (максимальний)
# назва турніру на вузлі, коли --name її не дає
contest-title-match = { $game }: матч
contest-title = { $game }: турнір ({ $format })
contest-withdrawn = (поза турніром)
# $name: гравець у мережі, на якого чекаємо; $id: турнір; $url: вузол
contest-waiting = чекаємо, поки { $name } увійде в турнір { $id } на { $url } (бот SDK: --server { $url } --tournament { $id }; рушій Gomocup: grundy gomocup-bot PATH --server { $url } --tournament { $id })

## збої під час гри ($spec: гравець, як його вказано)
contest-not-entered = { $spec }: за { $seconds } с не вдалося увійти в турнір
contest-exited-before = { $spec }: процес завершився (код { $code }), не увійшовши в турнір
contest-stopped-before = { $spec }: роботу зупинено ще до входу в турнір: { $why }
contest-connection-ended = з'єднання з { $url } завершилося: { $why }
contest-no-engine = { $spec }: немає рушія за шляхом { $path }
contest-not-executable = { $spec }: { $path } не є виконуваним файлом (зробіть chmod +x)
contest-engine-cannot-play = { $spec }: рушій не може грати: { $why }
contest-cannot-start = { $spec }: не вдалося запустити { $program }: { $why }
contest-node-failed = локальний вузол не запустився: { $why }
