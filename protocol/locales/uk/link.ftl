# The Python client library (client/connection.py, client/sdk.py): why a node cannot be reached, what became of
# the link, and the SDK bot runner's help, errors and console lines.  $where is a node's host:port, $url its address.

## Reaching a node

link-nothing-listens = за адресою { $where } ніхто не слухає (у з'єднанні відмовлено): чи запущено там `grundy serve`?
link-unknown-host = ім'я хоста в { $where } невідоме (такого імені немає)
link-dns-down = ім'я хоста в { $where } зараз не вдалося знайти (сервер імен не відповідає): чи працює мережа?
link-no-answer = від { $where } вчасно не надійшло відповіді: брандмауер або вузол, надто зайнятий, щоб відповісти
link-http = { $where } відповідає як HTTP { $status }, а не як WebSocket: чи це вузол grundy (ws://ХОСТ:8765)?
link-not-websocket = { $where } відповідає, але не як сервер WebSocket: чи це вузол grundy?
link-not-ws-address = { $url } — не адреса WebSocket: пишіть ws://ХОСТ:ПОРТ
link-node-refused = вузол нам відмовив ({ $code }): { $why }
# $why: what the system said, as it said it
link-node-other = { $where }: { $why }
link-os-net-unreachable = { $where }: мережа недоступна (чи підключено цей комп'ютер до мережі?)
link-os-host-unreachable = { $where }: немає маршруту до цього хоста (він вимкнений або недоступна мережа на шляху до нього)
link-os-reset = { $where }: з'єднання скинуто, перш ніж вузол відповів
link-url-empty = { $several ->
    [yes] URL сервера порожній: вкажіть ws://ХОСТ:ПОРТ (кілька: ws://A:8765,ws://B:8765)
   *[no] URL сервера порожній: вкажіть ws://ХОСТ:ПОРТ
}
link-url-scheme = URL сервера { $url }: схема має бути ws:// або wss://, а не { $scheme }://

## The link

link-closed = з'єднання закрито
link-none-within = немає зв'язку з { $url } протягом { NUMBER($seconds) } { $seconds ->
    [one] секунди
    [few] секунд
    [many] секунд
   *[other] секунди
}
link-down = зв'язок з { $url } розірвано
link-dropped-sending = зв'язок з { $url } обірвався під час надсилання
link-dropped = зв'язок з { $url } обірвався (код закриття { $code })
link-server-closed = { $given ->
    [yes] сервер закрив з'єднання (код { $code }: { $reason })
   *[no] сервер закрив з'єднання (код { $code }, без пояснення причини)
}
link-resume-refused = сервер відмовився відновити сеанс: { $why }
link-gave-up = не вдалося знову з'єднатися з { $url } чи іншим вузлом протягом { NUMBER($seconds) } { $seconds ->
    [one] секунди
    [few] секунд
    [many] секунд
   *[other] секунди
}

## The SDK's bot runner (python my_bot.py --help)

link-sdk-about = Бот grundy.
link-sdk-help-server = URL вузла (типово { $url }); кілька вузлів кластера через кому або кількома --server: бот переходить на інший, якщо його вузол зник
link-sdk-help-name = ім'я на екрані (типово { $name })
link-sdk-help-secret = секрет зареєстрованого гравця (типово: той, що зберіг grundy register)
link-sdk-help-game = гра, у яку грати (з --vs або --quick)
link-sdk-help-set = параметр гри, напр. --set heaps=3,4,5 (можна повторювати)
link-sdk-help-vs = bot:РІВЕНЬ — грати з ботом сервера, open — чекати на суперника
link-sdk-help-room = приєднатися до кімнати з цим ідентифікатором
link-sdk-help-code = приєднатися до кімнати з цим кодом
link-sdk-help-seat = місце, яке зайняти
link-sdk-help-quick = стати в чергу на швидку гру в --game
link-sdk-help-tournament = узяти участь у цьому турнірі й зіграти його до кінця
link-sdk-help-games = зупинитися після стількох партій
link-sdk-help-clock = контроль часу для нової кімнати: ХВИЛИНИ+СЕКУНДИ, напр. 5+2, або 30s+1 — у секундах
link-sdk-help-verbose = записувати до журналу, що робить бот
link-sdk-help-lang = мова слів бота: en, uk, ru або bg (типово: мова системи)
link-sdk-set-form = --set { $item }: пишіть КЛЮЧ=ЗНАЧЕННЯ
link-sdk-error = помилка: { $why }
link-sdk-result = { $room } { $game } місце { $seat }: { $outcome } ({ $reason })
# how a game of the bot's ended, from its seat ($outcome above)
link-sdk-win = виграш
link-sdk-loss = програш
link-sdk-draw = нічия
link-sdk-aborted = скасовано
# why a game of the bot's ended, in the runner's results (in English the node's own words are said instead);
# $name: the players the ending is about, by name
link-sdk-end-resign = { $name }: партію здано
link-sdk-end-flag = { $name }: час вичерпано
link-sdk-end-disconnect = { $name }: вихід без повернення вчасно
link-sdk-end-won = перемога за правилами гри: { $name }
link-sdk-end-draw-agreed = нічия за згодою
link-sdk-end-draw = нічия за правилами гри
link-sdk-end-aborted = гру скасовано
link-sdk-and = { $first } і { $last }
link-sdk-unable = помилка: { $room }: партія закінчилася, коли бот не міг зробити хід ({ $why })
link-sdk-stuck = немає ходу на півході { $ply }: бот дав збій, а дозволені ходи невідомі
link-sdk-late = немає рішення за { NUMBER($seconds, maximumFractionDigits: 2) } с
link-sdk-failed = бот дав збій: { $error }
link-sdk-not-a-move = бот відповів { $text }, а це не хід
link-sdk-move-refused = хід { $move } відхилено: { $why }
# a chat line the bot says in its room before it resigns
link-sdk-resigning = здаюся: { $why }
link-sdk-hidden = { $game }: частину ходів від цього місця приховано, тому позицію не відтворити
link-sdk-vs = vs { $vs }: пишіть bot:РІВЕНЬ (напр. bot:random) або open
link-sdk-seats = місце { $seat }: у грі { $game } місця 0..{ $last }
link-sdk-need-game = vs= і quick= потребують game= (гру, у яку грати)
link-sdk-one-mode = укажіть лише одне з: vs=, quick=, room=/code=, tournament=
