# The Python client library (client/connection.py, client/sdk.py): why a node cannot be reached, what became of
# the link, and the SDK bot runner's help, errors and console lines.  $where is a node's host:port, $url its address.

## Reaching a node

link-nothing-listens = по адресу { $where } никто не слушает (в соединении отказано): запущен ли там `grundy serve`?
link-unknown-host = имя хоста в { $where } неизвестно (такого имени нет)
link-dns-down = имя хоста в { $where } сейчас не удалось найти (сервер имён не отвечает): работает ли сеть?
link-no-answer = от { $where } не пришло ответа вовремя: брандмауэр или узел, слишком занятый, чтобы ответить
link-http = { $where } отвечает как HTTP { $status }, а не как WebSocket: это узел grundy (ws://ХОСТ:8765)?
link-not-websocket = { $where } отвечает, но не как сервер WebSocket: это узел grundy?
link-not-ws-address = { $url } — не адрес WebSocket: пишите ws://ХОСТ:ПОРТ
link-node-refused = узел нам отказал ({ $code }): { $why }
# $why: what the system said, as it said it
link-node-other = { $where }: { $why }
link-os-net-unreachable = { $where }: сеть недоступна (подключён ли этот компьютер к сети?)
link-os-host-unreachable = { $where }: нет маршрута до этого хоста (он выключен или недоступна сеть на пути к нему)
link-os-reset = { $where }: соединение сброшено до того, как узел ответил
link-url-empty = { $several ->
    [yes] URL сервера пуст: укажите ws://ХОСТ:ПОРТ (несколько: ws://A:8765,ws://B:8765)
   *[no] URL сервера пуст: укажите ws://ХОСТ:ПОРТ
}
link-url-scheme = URL сервера { $url }: схема должна быть ws:// или wss://, а не { $scheme }://

## The link

link-closed = соединение закрыто
link-none-within = нет связи с { $url } в течение { NUMBER($seconds) } { $seconds ->
    [one] секунды
    [few] секунд
    [many] секунд
   *[other] секунды
}
link-down = связь с { $url } прервана
link-dropped-sending = связь с { $url } оборвалась во время отправки
link-dropped = связь с { $url } оборвалась (код закрытия { $code })
link-server-closed = { $given ->
    [yes] сервер закрыл соединение (код { $code }: { $reason })
   *[no] сервер закрыл соединение (код { $code }, причина не указана)
}
link-resume-refused = сервер отказался возобновить сеанс: { $why }
link-gave-up = не удалось снова подключиться к { $url } или другому узлу в течение { NUMBER($seconds) } { $seconds ->
    [one] секунды
    [few] секунд
    [many] секунд
   *[other] секунды
}

## The SDK's bot runner (python my_bot.py --help)

link-sdk-about = Бот grundy.
link-sdk-help-server = URL узла (по умолчанию { $url }); несколько узлов кластера через запятую или несколькими --server: бот переходит на другой, если его узел пропал
link-sdk-help-name = имя на экране (по умолчанию { $name })
link-sdk-help-secret = секрет зарегистрированного игрока (по умолчанию: тот, что сохранил grundy register)
link-sdk-help-game = игра, в которую играть (с --vs или --quick)
link-sdk-help-set = параметр игры, напр. --set heaps=3,4,5 (можно повторять)
link-sdk-help-vs = bot:УРОВЕНЬ — играть с ботом сервера, open — ждать соперника
link-sdk-help-room = войти в комнату с этим идентификатором
link-sdk-help-code = войти в комнату с этим кодом
link-sdk-help-seat = место, которое занять
link-sdk-help-quick = встать в очередь на быструю игру в --game
link-sdk-help-tournament = участвовать в этом турнире и сыграть его до конца
link-sdk-help-games = остановиться после стольких партий
link-sdk-help-clock = контроль времени для новой комнаты: МИНУТЫ+СЕКУНДЫ, напр. 5+2, или 30s+1 — в секундах
link-sdk-help-verbose = записывать в журнал, что делает бот
link-sdk-help-lang = язык слов бота: en, uk, ru или bg (по умолчанию: язык системы)
link-sdk-set-form = --set { $item }: пишите КЛЮЧ=ЗНАЧЕНИЕ
link-sdk-error = ошибка: { $why }
link-sdk-result = { $room } { $game } место { $seat }: { $outcome } ({ $reason })
# how a game of the bot's ended, from its seat ($outcome above)
link-sdk-win = выигрыш
link-sdk-loss = проигрыш
link-sdk-draw = ничья
link-sdk-aborted = отменена
# why a game of the bot's ended, in the runner's results (in English the node's own words are said instead);
# $name: the players the ending is about, by name
link-sdk-end-resign = { $name }: партия сдана
link-sdk-end-flag = { $name }: время вышло
link-sdk-end-disconnect = { $name }: выход без возвращения вовремя
link-sdk-end-won = победа по правилам игры: { $name }
link-sdk-end-draw-agreed = ничья по соглашению
link-sdk-end-draw = ничья по правилам игры
link-sdk-end-aborted = игра отменена
link-sdk-and = { $first } и { $last }
link-sdk-unable = ошибка: { $room }: партия закончилась, когда бот не мог сделать ход ({ $why })
link-sdk-stuck = нет хода на полуходе { $ply }: бот дал сбой, а допустимые ходы неизвестны
link-sdk-late = нет решения за { NUMBER($seconds, maximumFractionDigits: 2) } с
link-sdk-failed = бот дал сбой: { $error }
link-sdk-not-a-move = бот ответил { $text }, а это не ход
link-sdk-move-refused = ход { $move } отклонён: { $why }
# a chat line the bot says in its room before it resigns
link-sdk-resigning = сдаюсь: { $why }
link-sdk-hidden = { $game }: часть ходов от этого места скрыта, поэтому позицию не восстановить
link-sdk-vs = vs { $vs }: пишите bot:УРОВЕНЬ (напр. bot:random) или open
link-sdk-seats = место { $seat }: в игре { $game } места 0..{ $last }
link-sdk-need-game = vs= и quick= требуют game= (игру, в которую играть)
link-sdk-one-mode = укажите только одно из: vs=, quick=, room=/code=, tournament=
